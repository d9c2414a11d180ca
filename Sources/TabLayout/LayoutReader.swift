import TabKit

/// Reads a `JSONValue` into a `Layout`, checking keys, types and module names with paths.
///
/// With `problems` set it reads on past what it can recover from (an unknown key, a wrong value, an
/// unknown module, a bad tab: the rest of that tab is still read) and records each problem there,
/// so `tabhost check-layout` can list them all; without it the first problem is thrown. What it
/// returns while collecting is never used: a part that failed stands in as empty.
///
/// Paths ("root.tabs[3]") are passed as autoclosures and positions as byte offsets: both are only
/// turned into text for an error, not for every value read.
struct LayoutReader {
    let file: String
    /// Turns values' byte offsets into lines and columns for errors.
    let positions: SourcePositions
    /// Nil: module names are not checked (only templates are).
    let knownModules: Set<String>?
    /// Names that may be placed although not known (refused module files, whose tabs say why).
    var refusedModules: Set<String> = []
    var templateNames: Set<String> = []
    var acceptingPath: String?
    let problems: LayoutProblems?

    /// The keys each kind of object may have (built once, not per object).
    static let documentKeys = ["root", "templates", "withoutTabs"]
    static let stackKeys = ["stack"]
    static let moduleKeys = ["module", "param", "title", "isolation", "permissions"]
    static let containerKeys = ["tabs", "title", "bar", "capacity", "style", "tabBarModule", "acceptsNewModules", "popsToRootOnReselect"]
    static let tabKeys = ["name", "module", "param", "title", "glyph", "image", "customizable", "isolation", "permissions"]

    init(file: String, positions: SourcePositions, knownModules: Set<String>?, problems: LayoutProblems? = nil) {
        self.file = file
        self.positions = positions
        self.knownModules = knownModules
        self.problems = problems
    }

    /// Records `error` when collecting, else throws it: the caller goes on as if the bad part were absent.
    func recover(_ error: TabKitError) throws(TabKitError) {
        guard let problems else { throw error }
        problems.append(error)
    }

    /// `body`'s value, or nil once its error is recorded (when collecting; else the error is thrown).
    func attempt<T>(_ body: () throws(TabKitError) -> T) throws(TabKitError) -> T? {
        do {
            return try body()
        } catch {
            try recover(error)
            return nil
        }
    }

    func fail(_ code: TabKitError.Code, _ at: JSONValue, _ reason: String) -> TabKitError {
        fail(code, at: at.offset, reason)
    }

    func fail(_ code: TabKitError.Code, at offset: Int, _ reason: String) -> TabKitError {
        let (line, column) = positions.location(of: offset)
        return TabKitError(code, "\(file):\(line):\(column): \(reason)")
    }

    /// The members of the object `v` (those with a key out of `allowed` are reported and left in:
    /// they are never looked up).
    func members(_ v: JSONValue, _ path: @autoclosure () -> String, allowed: [String]) throws(TabKitError) -> [JSONValue.Member] {
        guard case .object(let members) = v.kind else {
            throw fail(.invalidValue, v, "\(path()) must be an object, found \(v.typeName); write it as {\"key\": value, …}")
        }
        for i in members.indices where !allowed.contains(where: { [JSONValue.Member].isKey(members[i].key, $0) }) {
            let m = members[i]
            try recover(
                fail(.unknownKey, at: m.offset, "unknown key \"\(m.key)\" at \(path()); allowed keys: \(allowed.joined(separator: ", "))"))
        }
        return members
    }

    func string(_ o: [JSONValue.Member], _ key: String, _ path: @autoclosure () -> String, in v: JSONValue) throws(TabKitError) -> String? {
        try string(o[key], key, path())
    }

    /// `value`, the member `key` if the object has it, as a string (nil: absent or null).
    func string(_ value: JSONValue?, _ key: String, _ path: @autoclosure () -> String) throws(TabKitError) -> String? {
        guard let value else { return nil }
        switch value.kind {
        case .string(let s): return s
        case .null: return nil
        default:
            try recover(
                fail(.invalidValue, value, "\(path()).\(key) must be a string, found \(value.typeName); put the value in double quotes"))
            return nil
        }
    }

    /// `value`, the member `key` of the object `v` if it has it, as a string that is not empty; nil once
    /// its one problem (missing, not a string, empty) is recorded (when collecting; else it is thrown).
    func required(_ value: JSONValue?, _ key: String, _ path: @autoclosure () -> String, in v: JSONValue) throws(TabKitError) -> String? {
        switch value?.kind {
        case .string(let s) where !s.isEmpty:
            return s
        case .string:
            try recover(fail(.invalidValue, value!, "\(path()).\(key) must not be empty; fill it in"))
        case nil, .null:
            try recover(fail(.missingKey, v, "\(path()) is missing the required key \"\(key)\"; add it"))
        default:
            try recover(
                fail(.invalidValue, value!, "\(path()).\(key) must be a string, found \(value!.typeName); put the value in double quotes"))
        }
        return nil
    }

    func bool(_ o: [JSONValue.Member], _ key: String, _ path: @autoclosure () -> String, default value: Bool) throws(TabKitError) -> Bool {
        try bool(o[key], key, path(), default: value)
    }

    /// `member`, the member `key` if the object has it, as a boolean (`value` when absent or not one).
    func bool(_ member: JSONValue?, _ key: String, _ path: @autoclosure () -> String, default value: Bool) throws(TabKitError) -> Bool {
        guard let v = member else { return value }
        guard case .bool(let b) = v.kind else {
            try recover(fail(.invalidValue, v, "\(path()).\(key) must be true or false, found \(v.typeName)"))
            return value
        }
        return b
    }

    func checkModule(_ name: String, _ at: JSONValue, _ path: @autoclosure () -> String) throws(TabKitError) {
        if name.hasPrefix("@") {
            guard templateNames.contains(name) else {
                try recover(fail(.unknownModule, at, "unknown template \"\(name)\" at \(path()); declare it under \"templates\""))
                return
            }
        } else if let knownModules, !knownModules.contains(name), !refusedModules.contains(name) {
            let known = knownModules.sorted().joined(separator: ", ")
            try recover(
                fail(.unknownModule, at, "unknown module \"\(name)\" at \(path()); known modules: \(known.isEmpty ? "none" : known)"))
        }
    }

    /// `"isolation"`: "none" (the module runs in the host's process) or "process" (the default).
    func runsInProcess(_ o: [JSONValue.Member], _ path: @autoclosure () -> String, in v: JSONValue) throws(TabKitError) -> Bool {
        try runsInProcess(o["isolation"], path())
    }

    /// `value`, the member "isolation" if the object has it: whether it says "none".
    func runsInProcess(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(TabKitError) -> Bool {
        guard let isolation = try string(value, "isolation", path()) else { return false }
        guard isolation == "none" || isolation == "process" else {
            try recover(fail(.invalidValue, value!, "\(path()).isolation must be \"process\" or \"none\", found \"\(isolation)\""))
            return false
        }
        return isolation == "none"
    }

    /// `value`, the member "permissions" if the object has it: the permission names it grants, each
    /// once; each bad one is a problem (and left out).
    func permissions(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(TabKitError) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value.kind else {
            if case .null = value.kind { return [] }
            try recover(
                fail(
                    .invalidValue, value,
                    "\(path()).permissions must be an array of permission names, found \(value.typeName); write it as [\"network\", …]"))
            return []
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let name) = item.kind else {
                try recover(
                    fail(
                        .invalidValue, item,
                        "\(path()).permissions[\(index)] must be a string, found \(item.typeName); put it in double quotes"))
                continue
            }
            if let problem = LayoutPermissions.problem(name) {
                try recover(fail(.invalidValue, item, "\(path()).permissions[\(index)]: \(problem)"))
            } else if !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    mutating func layout(_ v: JSONValue) throws(TabKitError) -> Layout {
        let o = try members(v, "the document", allowed: Self.documentKeys)
        var templates: [String: LayoutTabContainer] = [:]
        if let t = o["templates"] {
            var defs: [JSONValue.Member] = []
            if case .object(let members) = t.kind {
                defs = members
            } else {
                try recover(fail(.invalidValue, t, "templates must be an object of \"@name\": {\"tabs\": …}, found \(t.typeName)"))
            }
            for d in defs where !(d.key.hasPrefix("@") && d.key.count > 1) {
                try recover(fail(.invalidValue, at: d.offset, "template name \"\(d.key)\" must start with \"@\"; rename it"))
            }
            defs.removeAll { !($0.key.hasPrefix("@") && $0.key.count > 1) }
            for d in defs { templateNames.insert(d.key) }
            for d in defs {
                templates[d.key] = try attempt { () throws(TabKitError) in try tabs(d.value, "templates.\(d.key)") }
            }
            for d in defs {
                if let cycle = Self.cycle(from: d.key, in: templates) {
                    // Dropped once reported, so a cycle through several templates is reported once.
                    templates[d.key] = nil
                    try recover(
                        fail(
                            .invalidValue, at: d.offset,
                            "template \"\(d.key)\" contains itself (\(cycle.joined(separator: " → "))); "
                                + "a template's tabs and bar module may not nest it, directly or through other templates"))
                }
            }
        }
        guard let rootValue = o["root"] else {
            throw fail(.missingKey, v, "the document is missing the required key \"root\"; add \"root\": {\"stack\": {\"module\": …}}")
        }
        // A root that cannot be read still leaves "withoutTabs" to check.
        let root = try attempt { () throws(TabKitError) in try node(rootValue, "root") }
        if case .module = root {
            try recover(
                fail(
                    .invalidValue, rootValue,
                    "root must be a stack or a tab container, found a module; wrap it: {\"stack\": {\"module\": …}}"))
        }
        let without = try withoutTabs(o["withoutTabs"])
        return Layout(root: root ?? .tabs(LayoutTabContainer(tabs: [])), templates: templates, withoutTabs: without)
    }

    /// `"withoutTabs"`: an array of known module names.
    func withoutTabs(_ value: JSONValue?) throws(TabKitError) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value.kind else {
            throw fail(.invalidValue, value, "withoutTabs must be an array of module names, found \(value.typeName)")
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let name) = item.kind else {
                try recover(
                    fail(.invalidValue, item, "withoutTabs[\(index)] must be a module name in double quotes, found \(item.typeName)"))
                continue
            }
            try checkModule(name, item, "withoutTabs[\(index)]")
            names.append(name)
        }
        return names
    }

    /// The path back to `start` through the templates its tabs and bar module name, if any: making
    /// such a template would make itself again without end (a stack overflow, not an error).
    static func cycle(from start: String, in templates: [String: LayoutTabContainer]) -> [String]? {
        func nested(_ name: String) -> [String] {
            guard let t = templates[name] else { return [] }
            return (t.tabs.map(\.module) + [t.tabBarModule?.module].compactMap { $0 }).filter { $0.hasPrefix("@") }
        }
        var visited: Set<String> = []
        func search(_ name: String, _ path: [String]) -> [String]? {
            for next in nested(name) {
                if next == start { return path + [next] }
                if visited.insert(next).inserted, let found = search(next, path + [next]) { return found }
            }
            return nil
        }
        return search(start, [start])
    }

    mutating func node(_ v: JSONValue, _ path: String) throws(TabKitError) -> LayoutNode {
        guard case .object(let ms) = v.kind else {
            throw fail(
                .invalidValue, v,
                "\(path) must be an object, found \(v.typeName); write it as {\"module\": …}, {\"stack\": …} or {\"tabs\": […]}")
        }
        let kinds = ["module", "stack", "tabs"].filter { k in ms.contains { $0.key == k } }
        guard kinds.count == 1 else {
            let found = kinds.isEmpty ? "" : ", found \(kinds.joined(separator: " and "))"
            throw fail(
                kinds.isEmpty ? .missingKey : .invalidValue, v,
                "\(path) must have exactly one of \"module\", \"stack\" or \"tabs\"\(found)")
        }
        switch kinds[0] {
        case "module": return .module(try module(v, path))
        case "stack":
            let o = try members(v, path, allowed: Self.stackKeys)
            let rootPath = "\(path).stack"
            let inner = try node(o["stack"]!, rootPath)
            if case .stack = inner {
                try recover(
                    fail(
                        .invalidValue, o["stack"]!,
                        "\(rootPath) must be a module or a tab container, not a stack; remove the inner \"stack\""))
            }
            return .stack(inner)
        default: return .tabs(try tabs(v, path))
        }
    }

    /// A module node or tab-bar module (while collecting, one without a name stands in with an empty one).
    func module(_ v: JSONValue, _ path: String) throws(TabKitError) -> LayoutModule {
        let o = try members(v, path, allowed: Self.moduleKeys)
        let name = try required(o["module"], "module", path, in: v)
        if let name { try checkModule(name, o["module"]!, "\(path).module") }
        return LayoutModule(
            module: name ?? "", param: try string(o, "param", path, in: v), title: try string(o, "title", path, in: v),
            runsInProcess: try runsInProcess(o, path, in: v), permissions: try permissions(o["permissions"], path))
    }

    mutating func tabs(_ v: JSONValue, _ path: String) throws(TabKitError) -> LayoutTabContainer {
        let o = try members(v, path, allowed: Self.containerKeys)
        // Without a list of tabs the container's other keys are still checked.
        var items: [JSONValue] = []
        if let list = o["tabs"], case .array(let array) = list.kind {
            items = array
        } else if let list = o["tabs"] {
            try recover(
                fail(
                    .invalidValue, list,
                    "\(path).tabs must be an array, found \(list.typeName); write it as [{\"name\": …, \"module\": …}, …]"))
        } else {
            try recover(
                fail(.missingKey, v, "\(path) is missing the required key \"tabs\"; add \"tabs\": [{\"name\": …, \"module\": …}]"))
        }
        var tabs: [LayoutTab] = []
        tabs.reserveCapacity(items.count)
        var names: Set<String> = []
        names.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let tab = try attempt({ () throws(TabKitError) in try self.tab(item, "\(path).tabs[\(i)]", names: &names) }) ?? nil
            else { continue }
            tabs.append(tab)
        }
        var bar = BarPosition.bottom
        if let b = try string(o, "bar", path, in: v) {
            if let position = BarPosition(rawValue: b) {
                bar = position
            } else {
                try recover(fail(.invalidValue, o["bar"]!, "\(path).bar must be \"top\" or \"bottom\", found \"\(b)\""))
            }
        }
        var capacity = 5
        if let c = o["capacity"] {
            if case .number(let n) = c.kind, n >= 0, n <= 1000, n == n.rounded() {
                capacity = Int(n)
            } else {
                try recover(fail(.invalidValue, c, "\(path).capacity must be a whole number from 0 (all tabs shown) to 1000"))
            }
        }
        let accepts = try bool(o, "acceptsNewModules", path, default: false)
        if accepts {
            if let other = acceptingPath {
                try recover(
                    fail(.invalidValue, o["acceptsNewModules"]!, "\(path) and \(other) both accept new modules; only one container may"))
            } else {
                acceptingPath = path
            }
        }
        return LayoutTabContainer(
            tabs: tabs, title: try string(o, "title", path, in: v), bar: bar, capacity: capacity,
            style: try string(o, "style", path, in: v),
            tabBarModule: try o["tabBarModule"].flatMap { value throws(TabKitError) in
                try attempt { () throws(TabKitError) in try module(value, "\(path).tabBarModule") }
            },
            acceptsNewModules: accepts, popsToRootOnReselect: try bool(o, "popsToRootOnReselect", path, default: true))
    }

    /// One entry of a container's `tabs`; `names` are the names of the entries read before it, and
    /// this one's once it is read (one hash per tab). While collecting, a problem with the name (missing,
    /// a duplicate) or the module does not end the tab: its other members are checked too, and it is nil.
    func tab(_ item: JSONValue, _ p: @autoclosure () -> String, names: inout Set<String>) throws(TabKitError) -> LayoutTab? {
        let t = try members(item, p(), allowed: Self.tabKeys)
        // One pass puts each member in its key's place: a lookup per key was a third of a tab's cost.
        var nameValue: JSONValue?
        var moduleValue: JSONValue?
        var param: JSONValue?
        var title: JSONValue?
        var glyph: JSONValue?
        var image: JSONValue?
        var customizable: JSONValue?
        var isolation: JSONValue?
        var permissions: JSONValue?
        for member in t {
            switch member.key {
            case "name": nameValue = member.value
            case "module": moduleValue = member.value
            case "param": param = member.value
            case "title": title = member.value
            case "glyph": glyph = member.value
            case "image": image = member.value
            case "customizable": customizable = member.value
            case "isolation": isolation = member.value
            case "permissions": permissions = member.value
            default: break
            }
        }
        let name = try required(nameValue, "name", p(), in: item)
        var unique = false
        if let name {
            unique = names.insert(name).inserted
            if !unique {
                try recover(
                    fail(
                        .duplicateName, nameValue!, "duplicate tab name \"\(name)\" at \(p()).name; tab names must be unique in a container"
                    ))
            }
        }
        let module = try required(moduleValue, "module", p(), in: item)
        if let module { try checkModule(module, moduleValue!, "\(p()).module") }
        let tab = LayoutTab(
            name: name ?? "", module: module ?? "", param: try string(param, "param", p()), title: try string(title, "title", p()),
            glyph: try string(glyph, "glyph", p()), image: try string(image, "image", p()),
            isCustomizable: try bool(customizable, "customizable", p(), default: true), runsInProcess: try runsInProcess(isolation, p()),
            permissions: try self.permissions(permissions, p()))
        guard let name, unique else { return nil }
        guard module != nil else {
            // A tab without a module does not take its name from a later tab.
            names.remove(name)
            return nil
        }
        return tab
    }
}
