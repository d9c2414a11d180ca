/// Reads a `JSONValue` into a `Layout`, checking keys, types and module names with paths.
struct LayoutReader {
    let file: String
    let knownModules: Set<String>
    var templateNames: Set<String> = []
    var acceptingPath: String?

    init(file: String, knownModules: Set<String>) {
        self.file = file
        self.knownModules = knownModules
    }

    func fail(_ code: TabKitError.Code, _ at: JSONValue, _ reason: String) -> TabKitError {
        TabKitError(code, "\(file):\(at.line):\(at.column): \(reason)")
    }

    func members(_ v: JSONValue, _ path: String, allowed: [String]) throws(TabKitError) -> [String: JSONValue] {
        guard case .object(let members) = v.kind else {
            throw fail(.invalidValue, v, "\(path) must be an object, found \(v.typeName); write it as {\"key\": value, …}")
        }
        var out: [String: JSONValue] = [:]
        for m in members {
            guard allowed.contains(m.key) else {
                throw TabKitError(
                    .unknownKey,
                    "\(file):\(m.line):\(m.column): unknown key \"\(m.key)\" at \(path); allowed keys: \(allowed.joined(separator: ", "))")
            }
            out[m.key] = m.value
        }
        return out
    }

    func string(_ o: [String: JSONValue], _ key: String, _ path: String, in v: JSONValue) throws(TabKitError) -> String? {
        guard let value = o[key] else { return nil }
        switch value.kind {
        case .string(let s): return s
        case .null: return nil
        default: throw fail(.invalidValue, value, "\(path).\(key) must be a string, found \(value.typeName); put the value in double quotes")
        }
    }

    func required(_ o: [String: JSONValue], _ key: String, _ path: String, in v: JSONValue) throws(TabKitError) -> String {
        guard let s = try string(o, key, path, in: v) else {
            throw fail(.missingKey, v, "\(path) is missing the required key \"\(key)\"; add it")
        }
        guard !s.isEmpty else { throw fail(.invalidValue, o[key]!, "\(path).\(key) must not be empty; fill it in") }
        return s
    }

    func bool(_ o: [String: JSONValue], _ key: String, _ path: String, default value: Bool) throws(TabKitError) -> Bool {
        guard let v = o[key] else { return value }
        guard case .bool(let b) = v.kind else { throw fail(.invalidValue, v, "\(path).\(key) must be true or false, found \(v.typeName)") }
        return b
    }

    func checkModule(_ name: String, _ at: JSONValue, _ path: String) throws(TabKitError) {
        if name.hasPrefix("@") {
            guard templateNames.contains(name) else {
                throw fail(.unknownModule, at, "unknown template \"\(name)\" at \(path); declare it under \"templates\"")
            }
        } else if !knownModules.contains(name) {
            let known = knownModules.sorted().joined(separator: ", ")
            throw fail(.unknownModule, at, "unknown module \"\(name)\" at \(path); known modules: \(known.isEmpty ? "none" : known)")
        }
    }

    /// `"isolation"`: "none" (the module runs in the host's process) or "process" (the default).
    func runsInProcess(_ o: [String: JSONValue], _ path: String, in v: JSONValue) throws(TabKitError) -> Bool {
        guard let isolation = try string(o, "isolation", path, in: v) else { return false }
        guard isolation == "none" || isolation == "process" else {
            throw fail(.invalidValue, o["isolation"]!, "\(path).isolation must be \"process\" or \"none\", found \"\(isolation)\"")
        }
        return isolation == "none"
    }

    mutating func layout(_ v: JSONValue) throws(TabKitError) -> Layout {
        let o = try members(v, "the document", allowed: ["root", "templates"])
        var templates: [String: LayoutTabContainer] = [:]
        if let t = o["templates"] {
            guard case .object(let defs) = t.kind else {
                throw fail(.invalidValue, t, "templates must be an object of \"@name\": {\"tabs\": …}, found \(t.typeName)")
            }
            for d in defs {
                guard d.key.hasPrefix("@"), d.key.count > 1 else {
                    throw TabKitError(
                        .invalidValue, "\(file):\(d.line):\(d.column): template name \"\(d.key)\" must start with \"@\"; rename it")
                }
                templateNames.insert(d.key)
            }
            for d in defs { templates[d.key] = try tabs(d.value, "templates.\(d.key)") }
            for d in defs {
                if let cycle = Self.cycle(from: d.key, in: templates) {
                    throw TabKitError(
                        .invalidValue,
                        "\(file):\(d.line):\(d.column): template \"\(d.key)\" contains itself (\(cycle.joined(separator: " → "))); "
                            + "a template's tabs and bar module may not nest it, directly or through other templates")
                }
            }
        }
        guard let rootValue = o["root"] else { throw fail(.missingKey, v, "the document is missing the required key \"root\"; add \"root\": {\"stack\": {\"module\": …}}") }
        let root = try node(rootValue, "root")
        if case .module = root {
            throw fail(.invalidValue, rootValue, "root must be a stack or a tab container, found a module; wrap it: {\"stack\": {\"module\": …}}")
        }
        return Layout(root: root, templates: templates)
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
        guard case .object(let ms) = v.kind else { throw fail(.invalidValue, v, "\(path) must be an object, found \(v.typeName); write it as {\"module\": …}, {\"stack\": …} or {\"tabs\": […]}") }
        let kinds = ["module", "stack", "tabs"].filter { k in ms.contains { $0.key == k } }
        guard kinds.count == 1 else {
            throw fail(
                kinds.isEmpty ? .missingKey : .invalidValue, v,
                "\(path) must have exactly one of \"module\", \"stack\" or \"tabs\"\(kinds.isEmpty ? "" : ", found \(kinds.joined(separator: " and "))")")
        }
        switch kinds[0] {
        case "module": return .module(try module(v, path))
        case "stack":
            let o = try members(v, path, allowed: ["stack"])
            let rootPath = "\(path).stack"
            let inner = try node(o["stack"]!, rootPath)
            if case .stack = inner { throw fail(.invalidValue, o["stack"]!, "\(rootPath) must be a module or a tab container, not a stack; remove the inner \"stack\"") }
            return .stack(inner)
        default: return .tabs(try tabs(v, path))
        }
    }

    func module(_ v: JSONValue, _ path: String) throws(TabKitError) -> LayoutModule {
        let o = try members(v, path, allowed: ["module", "param", "title", "isolation"])
        let name = try required(o, "module", path, in: v)
        try checkModule(name, o["module"]!, "\(path).module")
        return LayoutModule(
            module: name, param: try string(o, "param", path, in: v), title: try string(o, "title", path, in: v),
            runsInProcess: try runsInProcess(o, path, in: v))
    }

    mutating func tabs(_ v: JSONValue, _ path: String) throws(TabKitError) -> LayoutTabContainer {
        let o = try members(
            v, path,
            allowed: ["tabs", "title", "bar", "capacity", "style", "tabBarModule", "acceptsNewModules", "popsToRootOnReselect"])
        guard let list = o["tabs"] else { throw fail(.missingKey, v, "\(path) is missing the required key \"tabs\"; add \"tabs\": [{\"name\": …, \"module\": …}]") }
        guard case .array(let items) = list.kind else { throw fail(.invalidValue, list, "\(path).tabs must be an array, found \(list.typeName); write it as [{\"name\": …, \"module\": …}, …]") }
        var tabs: [LayoutTab] = []
        tabs.reserveCapacity(items.count)
        var names: Set<String> = []  // searching `tabs` for each name made 1,000 tabs quadratic
        for (i, item) in items.enumerated() {
            let p = "\(path).tabs[\(i)]"
            let t = try members(
                item, p, allowed: ["name", "module", "param", "title", "glyph", "image", "customizable", "isolation"])
            let name = try required(t, "name", p, in: item)
            if !names.insert(name).inserted {
                throw fail(.duplicateName, t["name"]!, "duplicate tab name \"\(name)\" at \(p).name; tab names must be unique in a container")
            }
            let module = try required(t, "module", p, in: item)
            try checkModule(module, t["module"]!, "\(p).module")
            tabs.append(
                LayoutTab(
                    name: name, module: module, param: try string(t, "param", p, in: item), title: try string(t, "title", p, in: item),
                    glyph: try string(t, "glyph", p, in: item), image: try string(t, "image", p, in: item),
                    isCustomizable: try bool(t, "customizable", p, default: true), runsInProcess: try runsInProcess(t, p, in: item)))
        }
        var bar = BarPosition.bottom
        if let b = try string(o, "bar", path, in: v) {
            guard let position = BarPosition(rawValue: b) else {
                throw fail(.invalidValue, o["bar"]!, "\(path).bar must be \"top\" or \"bottom\", found \"\(b)\"")
            }
            bar = position
        }
        var capacity = 5
        if let c = o["capacity"] {
            guard case .number(let n) = c.kind, n >= 0, n <= 1000, n == n.rounded() else {
                throw fail(.invalidValue, c, "\(path).capacity must be a whole number from 0 (all tabs shown) to 1000")
            }
            capacity = Int(n)
        }
        let accepts = try bool(o, "acceptsNewModules", path, default: false)
        if accepts {
            if let other = acceptingPath {
                throw fail(.invalidValue, o["acceptsNewModules"]!, "\(path) and \(other) both accept new modules; only one container may")
            }
            acceptingPath = path
        }
        return LayoutTabContainer(
            tabs: tabs, title: try string(o, "title", path, in: v), bar: bar, capacity: capacity, style: try string(o, "style", path, in: v),
            tabBarModule: try o["tabBarModule"].map { value throws(TabKitError) in try module(value, "\(path).tabBarModule") },
            acceptsNewModules: accepts, popsToRootOnReselect: try bool(o, "popsToRootOnReselect", path, default: true))
    }
}
