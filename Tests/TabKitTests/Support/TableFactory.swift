import TabKit

/// A controller factory over a table of module names: each make logs "make(module)" and returns a
/// `Rec` named after the module (or `name(module, param)`), configured by `setUp`.
final class TableFactory: ControllerFactory {
    let log: Log
    let modules: Set<String>
    var setUp: [String: (Rec) -> Void] = [:]
    var made: [Rec] = []
    var items: [String: TabItemInfo] = [:]
    var name: (String, String?) -> String = { module, _ in module }

    init(_ log: Log, modules: Set<String>) {
        self.log = log
        self.modules = modules
    }

    func make(module: String, param: String?) throws -> any Controller {
        guard modules.contains(module) else {
            throw TabKitError(.unknownModule, "unknown module \"\(module)\"")
        }
        let rec = Rec(name(module, param), log)
        log.add("make(\(module))")
        setUp[module]?(rec)
        made.append(rec)
        return rec
    }

    func tabItem(module: String) -> TabItemInfo? { items[module] }

    /// The last controller made for `name`.
    func rec(_ name: String) -> Rec? { made.last { $0.name == name } }
}
