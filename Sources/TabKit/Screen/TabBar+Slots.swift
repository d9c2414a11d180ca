extension TabBar {
    /// The bar slot an action id of a tab-bar controller's rendering names, or nil when it names none
    /// (then it is an ordinary action for that controller).
    ///
    /// The one rule for every front end and the model: the canonical decimal form of a slot index
    /// that exists — ASCII digits, no sign, no leading zero ("0" itself is fine), less than
    /// `slotCount`. So "2" names slot 2 of three, while "02", "+2", "-1", " 2" and "7" (of three)
    /// are the controller's own actions.
    public static func slot(forAction id: String, slotCount: Int) -> Int? {
        let digits = id.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        // Digits only, so `Int` fails only on overflow, which is out of range anyway.
        guard let slot = Int(id), slot < slotCount else { return nil }
        return slot
    }

    /// The slot `id` names in this bar (see `slot(forAction:slotCount:)`), or nil.
    public func slot(forAction id: String) -> Int? {
        Self.slot(forAction: id, slotCount: items.count)
    }
}
