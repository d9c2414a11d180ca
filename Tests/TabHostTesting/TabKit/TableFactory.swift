import TabKit

/// A controller factory over a table of module names: each make logs "make(module)" and returns a
/// `Rec` named after the module (or `name(module, param)`), configured by `setUp`.
public final class TableFactory: ControllerFactory {
    public let log: Log
    public let modules: Set<String>
    public var setUp: [String: (Rec) -> Void] = [:]
    public var made: [Rec] = []
    public var items: [String: TabItemInfo] = [:]
    public var name: (String, String?) -> String = { module, _ in module }

    public init(_ log: Log, modules: Set<String>) {
        self.log = log
        self.modules = modules
    }

    public func make(module: String, param: String?) throws -> any Controller {
        guard modules.contains(module) else {
            throw TabKitError(.unknownModule, "unknown module \"\(module)\"")
        }
        let rec = Rec(name(module, param), log)
        log.add("make(\(module))")
        setUp[module]?(rec)
        made.append(rec)
        return rec
    }

    public func tabItem(module: String) -> TabItemInfo? { items[module] }

    /// The last controller made for `name`.
    public func rec(_ name: String) -> Rec? { made.last { $0.name == name } }
}
