/// A command line read in its plain forms only: `--name` for a flag, `--name VALUE` for an option,
/// `--name VALUE…` (up to the next option) for a list option, and positional arguments that do not start
/// with `-`. Anything else (a short name, `--name=VALUE`, `--`, a repeated name, a value that starts with
/// `-`, an unknown name) makes it nil, and the caller parses with swift-argument-parser, whose answer,
/// error and help texts included, stands.
///
/// Why: swift-argument-parser builds each argument set by reflection, and each protocol cast it makes
/// the first time scans every conformance record of the binary: a fifth of a warm `tabhost list` of many
/// files (figures in docs/contributing/performance-history.md). `run` and `list` read their plain
/// command lines here; a test holds each such reading equal to swift-argument-parser's.
struct PlainCommandLine {
    /// The flags given.
    private(set) var flags: Set<String> = []
    /// The values of the options given, by name (one value, or a list option's values).
    private(set) var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []

    /// Reads `arguments` (the command's own, after its name); nil unless every one has a plain form and a
    /// name among `flags`, `options` or `listOptions`.
    init?(_ arguments: ArraySlice<String>, flags knownFlags: Set<String>, options: Set<String> = [], listOptions: Set<String> = []) {
        var index = arguments.startIndex
        func isValue(_ index: Int) -> Bool { index < arguments.endIndex && !arguments[index].hasPrefix("-") }
        while index < arguments.endIndex {
            let token = arguments[index]
            index += 1
            guard token.hasPrefix("-") else {
                positionals.append(token)
                continue
            }
            guard token.hasPrefix("--"), token.utf8.count > 2, !token.utf8.contains(UInt8(ascii: "=")) else { return nil }
            let name = String(token.dropFirst(2))
            if knownFlags.contains(name) {
                guard flags.insert(name).inserted else { return nil }
                continue
            }
            guard values[name] == nil else { return nil }
            if options.contains(name) {
                guard isValue(index) else { return nil }
                values[name] = [arguments[index]]
                index += 1
            } else if listOptions.contains(name) {
                var list: [String] = []
                while isValue(index) {
                    list.append(arguments[index])
                    index += 1
                }
                guard !list.isEmpty else { return nil }
                values[name] = list
            } else {
                return nil
            }
        }
    }

    /// The value of option `name`, if given.
    func value(_ name: String) -> String? { values[name]?.first }
}
