/// Instantiates controllers by module name (the loader provides it; tests use a table).
///
/// TabKit calls `start(param:)` itself before the result first appears; `param` is given here
/// for information only. Main-loop only.
public protocol ControllerFactory: AnyObject {
    /// Makes a new, not yet started controller for `module`, or throws (e.g. `TabKitError.unknownModule`).
    func make(module: String, param: String?) throws -> any Controller
    /// What a tab of `module` shows before its controller exists (e.g. the descriptor's title,
    /// glyph and image); nil to show the tab's name.
    func tabItem(module: String) -> TabItemInfo?
}

extension ControllerFactory {
    /// No item information: tabs not yet created show their name.
    public func tabItem(module: String) -> TabItemInfo? { nil }
}
