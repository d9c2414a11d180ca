/// Which of a descriptor's function pointers are present (non-NULL).
public struct ModuleFunctions: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt32

    /// Creates a set from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `create` (required).
    public static let create = ModuleFunctions(rawValue: 1 << 0)
    /// `start` (optional).
    public static let start = ModuleFunctions(rawValue: 1 << 1)
    /// `render` (required).
    public static let render = ModuleFunctions(rawValue: 1 << 2)
    /// `event` (optional).
    public static let event = ModuleFunctions(rawValue: 1 << 3)
    /// `appearance` (optional).
    public static let appearance = ModuleFunctions(rawValue: 1 << 4)
    /// `save_state` (optional).
    public static let saveState = ModuleFunctions(rawValue: 1 << 5)
    /// `restore_state` (optional).
    public static let restoreState = ModuleFunctions(rawValue: 1 << 6)
    /// `destroy` (optional).
    public static let destroy = ModuleFunctions(rawValue: 1 << 7)
    /// `list_row` (optional, ABI 1.3: only read from a descriptor built against 1.3 or later).
    public static let listRow = ModuleFunctions(rawValue: 1 << 8)

    /// Every function with its C name, in descriptor order.
    public static let all: [(function: ModuleFunctions, cName: String)] = [
        (.create, "create"), (.start, "start"), (.render, "render"), (.event, "event"),
        (.appearance, "appearance"), (.saveState, "save_state"), (.restoreState, "restore_state"),
        (.destroy, "destroy"), (.listRow, "list_row"),
    ]

    /// Every function a descriptor of this ABI can hold: bits outside it come from nothing the host wrote.
    public static let known = ModuleFunctions(all.map(\.function))

    /// The C names of the functions in this set, in descriptor order.
    public var cNames: [String] { Self.all.filter { contains($0.function) }.map(\.cName) }
}
