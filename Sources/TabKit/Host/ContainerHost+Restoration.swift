#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ContainerHost {
    /// The restoration file's contents (JSON): every stack's path from the root and every tab
    /// container's selection by tab NAME, tab order and created tabs' stacks (rule 41).
    ///
    /// ```
    /// {"version":1,"root":NODE}
    /// NODE  = {"stack":[ENTRY, ...]}                      (a navigation stack, root first)
    ///       | {"tabs":{"selected":"name"|null,"index":n,"moreList":bool,"order":["name",...],
    ///                  "stacks":{"name":[ENTRY, ...], ...}}}
    /// ENTRY = {"module":"name"|null,"param":"…"|null,"state":"base64"?,"tabs":{…}?}
    /// ```
    /// A stack's path stops at the first controller without a module name (it could not be remade).
    /// Modals are not saved.
    public func saveRestoration() -> Data {
        confinement.assertConfined("ContainerHost.saveRestoration")
        let doc = JSONValue.object([("version", JSONValue(.number(1))), ("root", Self.save(root))])
        return Data(doc.serialized.utf8)
    }

    /// Restores what `saveRestoration()` wrote: stacks are rebuilt through `makeController` (each
    /// made, started, given its state, then placed), tab order and selection are applied by name;
    /// a saved name that no longer exists falls back by the removal rule (same index, else the last,
    /// else none) (rule 42). Selection is programmatic: no delegate calls. Throws for malformed data;
    /// entries whose module cannot be made end that stack's path, and states a controller refuses
    /// are dropped (both reported in the returned problems). A path saved over another root module is ignored.
    @discardableResult
    public func restore(from data: Data) throws(TabKitError) -> [TabKitError] {
        confinement.assertConfined("ContainerHost.restore")
        let text = String(decoding: data, as: UTF8.self)
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw TabKitError(.malformedJSON, "restoration data:\(error.line):\(error.column): malformed JSON: \(error.reason); delete the file to start fresh")
        }
        guard case .object(let members) = value.kind, let rootState = members.first(where: { $0.key == "root" })?.value else {
            throw TabKitError(.missingKey, "restoration data: missing \"root\"; delete the file to start fresh")
        }
        var problems: [TabKitError] = []
        restore(root, from: rootState, problems: &problems)
        return problems
    }

    static func save(_ c: any Controller) -> JSONValue {
        if let nav = c as? NavigationController {
            return .object([("stack", saveStack(nav))])
        }
        if let tabs = c as? TabContainer {
            return .object([("tabs", saveTabs(tabs))])
        }
        return .object([])
    }

    static func saveStack(_ nav: NavigationController) -> JSONValue {
        var entries: [JSONValue] = []
        for (i, c) in nav.stack.enumerated() {
            if i > 0, c.context.module == nil { break }
            var pairs: [(String, JSONValue)] = [("module", .string(c.context.module)), ("param", .string(c.context.param))]
            if let bytes = c.saveState() { pairs.append(("state", JSONValue(.string(Data(bytes).base64EncodedString())))) }
            if let tabs = c as? TabContainer { pairs.append(("tabs", saveTabs(tabs))) }
            entries.append(.object(pairs))
        }
        return JSONValue(.array(entries))
    }

    static func saveTabs(_ tabs: TabContainer) -> JSONValue {
        let stacks = tabs.tabs.compactMap { tab in tab.stack.map { (tab.name, saveStack($0)) } }
        return .object([
            ("selected", .string(tabs.selectedTab?.name)),
            ("index", JSONValue(.number(Double(tabs.selectedIndex ?? tabs.previousIndex ?? 0)))),
            ("moreList", JSONValue(.bool(tabs.isShowingMoreList))),
            ("order", JSONValue(.array(tabs.tabs.map { JSONValue(.string($0.name)) }))),
            ("stacks", .object(stacks)),
        ])
    }

    func restore(_ c: any Controller, from state: JSONValue, problems: inout [TabKitError]) {
        if let nav = c as? NavigationController, let entries = state["stack"]?.arrayValue {
            restoreStack(nav, entries, problems: &problems)
        } else if let tabs = c as? TabContainer, let t = state["tabs"] {
            restoreTabs(tabs, t, problems: &problems)
        }
    }

    func restoreEntryState(_ c: any Controller, _ entry: JSONValue, problems: inout [TabKitError]) {
        if let b64 = entry["state"]?.stringValue {
            if let data = Data(base64Encoded: b64) {
                if !c.restoreState(Array(data)) {
                    problems.append(
                        TabKitError(.invalidValue, "restoration data: \"\(c.context.module ?? c.title)\" refused its saved state; it starts fresh"))
                }
            } else {
                problems.append(TabKitError(.invalidValue, "restoration data: state of \"\(c.context.module ?? c.title)\" is not base64; ignored"))
            }
        }
        if let tabs = c as? TabContainer, let t = entry["tabs"] { restoreTabs(tabs, t, problems: &problems) }
    }

    func restoreStack(_ nav: NavigationController, _ entries: [JSONValue], problems: inout [TabKitError]) {
        // A path saved over another root module (the layout changed) does not belong on this one.
        guard let first = entries.first, let root = nav.root, first["module"]?.stringValue == root.context.module else { return }
        restoreEntryState(root, first, problems: &problems)
        var rebuilt: [any Controller] = [root]
        for entry in entries.dropFirst() {
            guard let module = entry["module"]?.stringValue else { break }
            let param = entry["param"]?.stringValue
            do {
                let c = try makeController(module: module, param: param)
                c.start(param: param)
                restoreEntryState(c, entry, problems: &problems)
                rebuilt.append(c)
            } catch {
                problems.append(TabKitError(.factoryFailed, "restoration: \(error); the stack was restored up to it"))
                break
            }
        }
        if rebuilt.count > 1 || nav.stack.count > 1 { nav.setStack(rebuilt) }
    }

    func restoreTabs(_ tabs: TabContainer, _ state: JSONValue, problems: inout [TabKitError]) {
        if let order = state["order"]?.arrayValue { tabs.applyOrder(order.compactMap(\.stringValue)) }
        if case .object(let stacks)? = state["stacks"]?.kind {
            for member in stacks {
                guard let tab = tabs.tab(named: member.key), let entries = member.value.arrayValue else { continue }
                let needsStack = entries.count > 1 || entries.first?["state"] != nil || entries.first?["tabs"] != nil
                guard needsStack else { continue }
                restoreStack(tabs.materialize(tab), entries, problems: &problems)
            }
        }
        let saved = state["index"]?.intValue ?? 0
        if state["moreList"]?.boolValue == true, tabs.hasMore {
            tabs.show(.moreList, style: .tabSwitch)
            // "index" is the tab the list returns to when More goes away (rule 27).
            if tabs.tabs.indices.contains(saved) { tabs.previousIndex = saved }
            return
        }
        if let name = state["selected"]?.stringValue, tabs.select(name: name) { return }
        guard !tabs.tabs.isEmpty else { return }
        tabs.select(index: tabs.tabs.indices.contains(saved) ? saved : tabs.tabs.count - 1)
    }
}
