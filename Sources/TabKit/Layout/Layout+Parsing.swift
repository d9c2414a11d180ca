extension Layout {
    /// Parses a layout file's contents. `file` names it in errors; `knownModules` are the module
    /// names that can be instantiated (templates declared in the file are known too).
    ///
    /// Every error is one line: `file:line:column: reason (at path); what to do`.
    public static func parse(_ text: String, file: String = "layout.json", knownModules: Set<String>) throws(TabKitError)
        -> Layout
    {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw TabKitError(
                .malformedJSON, "\(file):\(error.line):\(error.column): malformed JSON: \(error.reason); fix the syntax")
        }
        var reader = LayoutReader(file: file, knownModules: knownModules)
        return try reader.layout(value)
    }

    /// Parses a layout file's bytes (must be UTF-8).
    public static func parse(bytes: [UInt8], file: String = "layout.json", knownModules: Set<String>) throws(TabKitError)
        -> Layout
    {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TabKitError(.malformedJSON, "\(file): not UTF-8 text; save the layout file as UTF-8")
        }
        return try parse(text, file: file, knownModules: knownModules)
    }
}
