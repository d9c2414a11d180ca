import CTabModule

/// Which end of the title bar a ``View/barButton(_:action:side:)`` sits at (`enum tab_bar_side`).
public enum BarSide: UInt32, Sendable, Hashable {
    /// Before the title, where Back is (`TAB_BAR_LEADING`).
    case leading = 0
    /// After the title (`TAB_BAR_TRAILING`).
    case trailing = 1
}
