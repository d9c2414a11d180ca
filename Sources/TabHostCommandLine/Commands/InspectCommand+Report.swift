import FoundationEssentials
import TabModuleBundle
import TabModuleLoading

/// What `tabhost inspect` prints, as text or JSON.
struct InspectReport {
    /// The accepted module's fields, or nil.
    var module: ModuleInfo?
    /// Why the file was rejected, or nil.
    var error: ModuleError?
    /// What running hosts report about this module or file: refused reloads (their old version keeps
    /// running), a stopped or unresponsive module process.
    var runningHosts: [RunningHostReport] = []
    /// True when the answer came from the module metadata cache; nil when no cache was asked.
    var fromCache: Bool?
    /// What the user granted the accepted module (the permissions store, keyed by its name and file);
    /// nil when the store was not read.
    var granted: [String]?
    /// The installed bundle the file belongs to (`tabhost list --json`), nil for a plain module file.
    var bundle: InstalledBundle?

    /// What the module asks for and was not granted (nothing once `unrestricted` is granted).
    var missing: [String] {
        guard let info = module, let granted else { return [] }
        if granted.contains("unrestricted") { return [] }
        return info.permissions.filter { !granted.contains($0) }
    }

    /// The command that grants what is missing, nil when nothing is.
    var grantCommand: String? {
        guard let info = module, !missing.isEmpty else { return nil }
        return "tabhost grant \(info.name) \(missing.joined(separator: " "))"
    }

    init(module: ModuleInfo) { self.module = module }
    init(error: ModuleError) { self.error = error }

    /// The report of one registry entry (a file accepted or refused, loaded or from the cache).
    init?(_ entry: ModuleRegistry.Entry) {
        if let info = entry.info {
            module = info
        } else if let error = entry.error {
            self.error = error
        } else {
            return nil
        }
        fromCache = entry.fromCache
    }

    /// `key: value` lines.
    func text() -> String {
        var lines: [(String, String)] = []
        if let error {
            lines = [
                ("file", error.path), ("status", "rejected"), ("code", error.code.name), ("reason", error.reason),
                ("fix", error.hint),
            ]
        } else if let info = module {
            let optional = ModuleFunctions.all.filter { !$0.function.isSubset(of: [.create, .render]) }
            let present = optional.filter { info.functions.contains($0.function) }.map(\.cName)
            let absent = optional.filter { !info.functions.contains($0.function) }.map(\.cName)
            lines = [
                ("file", info.sourcePath), ("status", "accepted"), ("name", info.name), ("version", info.version ?? "-"),
                ("title", info.title), ("glyph", info.glyph ?? "-"), ("kind", info.kind.description),
                ("image", info.imagePath ?? "-"),
                ("abi", "\(info.abiMajor).\(info.abiMinor) (host \(TabModuleABI.major).\(TabModuleABI.minor))"),
                ("struct size", "\(info.structSize) bytes"),
                ("required", "create render"),
                ("optional", present.isEmpty ? "none" : present.joined(separator: " ")),
                ("not provided", absent.isEmpty ? "none" : absent.joined(separator: " ")),
                ("swift code", info.containsSwift ? "yes (the image stays loaded until exit)" : "no"),
                ("permissions", info.permissions.isEmpty ? "none" : info.permissions.joined(separator: " ")),
            ]
            if let granted {
                lines.append(("granted", granted.isEmpty ? "none" : granted.joined(separator: " ")))
                lines.append(("missing", grantCommand.map { "\(missing.joined(separator: " ")) (\($0))" } ?? "none"))
            }
        }
        let width = (lines.map(\.0.count).max() ?? 0) + 2
        return lines.map { key, value in
            let label = key + ":"
            return label + String(repeating: " ", count: max(0, width - label.count)) + ControlCharacters.escaped(value) + "\n"
        }.joined() + runningHosts.map { ControlCharacters.escaped($0.line) + "\n" }.joined()
    }

    /// A pretty-printed JSON object with sorted keys.
    func json() -> String { Self.json(self) }

    /// Pretty-printed JSON with sorted keys (`{}` if it cannot be written).
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        // The encoder leaves DEL, C1 and bidirectional controls raw; a terminal would act on them.
        return ControlCharacters.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
