extension ModuleTester {
    /// One answer of `tabhost test-drive` (its `DriverReply`).
    struct Reply: Decodable {
        var failure: [String]
        var skip: String?
        var screen: String
        var title: String
        var focus: String?
        var result: String?
        var log: [String]
        var snapshot: String
    }
}
