import TabKit
import Testing

/// One rule says which action id of a tab-bar controller names a bar slot, for the model and for
/// every front end: the canonical decimal index of an existing slot.
struct TabSlotRuleTests {
    @Test(
        arguments: [
            ("0", 3, 0), ("1", 3, 1), ("2", 3, 2), ("10", 11, 10),
            // The old rules disagreed here: the model's took "01" as slot 1 and sent "+1" to the bar;
            // the terminal's (`Int(id)`) took "01", "+1" and "-1" as slots.
            ("01", 3, nil), ("00", 3, nil), ("+1", 3, nil), ("-1", 3, nil),
            // Out of range: both old rules named a slot that cannot be tapped; now it is the bar's action.
            ("3", 3, nil), ("9", 3, nil), ("0", 0, nil),
            ("", 3, nil), (" 1", 3, nil), ("1 ", 3, nil), ("1.0", 3, nil), ("one", 3, nil), ("١", 3, nil), ("１", 3, nil),
            ("99999999999999999999999", 3, nil), ("9223372036854775807", 3, nil),
        ] as [(String, Int, Int?)])
    func anActionIdNamesASlotOnlyInCanonicalDecimalForm(id: String, slotCount: Int, slot: Int?) {
        #expect(TabBar.slot(forAction: id, slotCount: slotCount) == slot)
        let bar = TabBar(items: (0..<slotCount).map { TabBarItem(title: "T\($0)") })
        #expect(bar.slot(forAction: id) == slot)
    }
}
