import TabModuleLoading

/// A valid module name (the loader's rule, `ModuleNameRules`) and names derived from it.
struct ModuleName: Sendable, Hashable {
    /// The name as given: the descriptor name and the project directory's name.
    let text: String

    /// Validates `text`; nil if it is not a module name (`ModuleNameRules.nameProblem` says why).
    init?(_ text: String) {
        guard ModuleNameRules.nameProblem(text) == nil else { return nil }
        self.text = text
    }

    /// Words of the name, split at '.', '_' and '-'.
    private var words: [Substring] {
        text.split(whereSeparator: { ".-_".contains($0) })
    }

    /// A C identifier prefix: the name with '.' and '-' turned into '_' (and "m_" before a digit).
    var cIdentifier: String {
        let body = String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        return body.first?.isNumber == true ? "m_" + body : body
    }

    /// An UpperCamelCase Swift type and target name ("my-mod" gives "MyMod"; "Tab" before a digit).
    var swiftIdentifier: String {
        let camel = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if camel.isEmpty { return "TabModule_" }
        return camel.first!.isNumber ? "Tab" + camel : camel
    }

    /// The tab title: the words capitalized ("my-mod" gives "My Mod").
    var title: String {
        let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return title.isEmpty ? text : title
    }
}
