import TabKit

extension Layout {
    /// The largest layout file read, in bytes (1 MiB; the demo layout is under 2 KiB).
    public static let maximumFileBytes = 1 << 20
    /// The deepest nesting of JSON objects and arrays in a layout file (the demo's is 7).
    public static let maximumNesting = 64

    /// Parses a layout file's contents. `file` names it in errors; `knownModules` are the module
    /// names that can be instantiated (templates declared in the file are known too).
    ///
    /// Every error is one line: `file:line:column: reason (at path); what to do`.
    public static func parse(_ text: String, file: String = "layout.json", knownModules: Set<String>) throws(TabKitError)
        -> Layout
    {
        try checkSize(text.utf8.count, file: file)
        return try read(Array(text.utf8), file: file, knownModules: knownModules)
    }

    /// Parses a layout file's bytes (must be UTF-8). `knownModules` nil: module names are not checked
    /// (template names are), so the file can be parsed before the modules are known; check them later
    /// with ``namesOnlyModules(where:)``. `refusedModules`: names the layout may place too (refused
    /// module files, whose tabs say why), not listed among the known ones in an error.
    public static func parse(
        bytes: [UInt8], file: String = "layout.json", knownModules: Set<String>?, refusedModules: Set<String> = []
    ) throws(TabKitError) -> Layout {
        try checkText(bytes, file: file)
        return try read(bytes, file: file, knownModules: knownModules, refusedModules: refusedModules)
    }

    /// The layout in `bytes` (checked: valid UTF-8 within the size limit); the first problem is thrown.
    private static func read(
        _ bytes: [UInt8], file: String, knownModules: Set<String>?, refusedModules: Set<String> = []
    ) throws(TabKitError) -> Layout {
        let value = try document(bytes, file: file)
        var reader = LayoutReader(file: file, positions: SourcePositions(bytes: bytes), knownModules: knownModules)
        reader.refusedModules = refusedModules
        return try reader.layout(value)
    }

    /// Every problem in a layout file's bytes, in file order as far as reading finds them, without
    /// building anything (`tabhost check-layout`). A syntax error ends the check (nothing after it
    /// can be read); a bad tab, key or value is reported and reading goes on. `knownModules` nil:
    /// module names are not checked, template names are.
    public static func problems(
        bytes: [UInt8], file: String, knownModules: Set<String>?, refusedModules: Set<String> = []
    ) -> [TabKitError] {
        let problems = LayoutProblems()
        do {
            try checkText(bytes, file: file)
            let value = try document(bytes, file: file)
            var reader = LayoutReader(file: file, positions: SourcePositions(bytes: bytes), knownModules: knownModules, problems: problems)
            reader.refusedModules = refusedModules
            _ = try reader.layout(value)
        } catch {
            problems.append(error)
        }
        return problems.errors.enumerated().sorted { a, b in
            let (x, y) = (position(a.element, file: file), position(b.element, file: file))
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
    }

    /// Line and column of a problem (for file order); (0, 0) when it names none (the file as a whole).
    private static func position(_ error: TabKitError, file: String) -> (line: Int, column: Int) {
        let rest = error.description.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2)
        guard rest.count == 3, let line = Int(rest[0]), let column = Int(rest[1]) else { return (0, 0) }
        return (line, column)
    }

    /// Checks that `bytes` are within the size limit and UTF-8 (the parser reads them as such).
    private static func checkText(_ bytes: [UInt8], file: String) throws(TabKitError) {
        try checkSize(bytes.count, file: file)
        guard isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil else {
            throw TabKitError(.malformedJSON, "\(file): not UTF-8 text; save the layout file as UTF-8")
        }
    }

    /// Whether every byte is ASCII (then valid UTF-8), tested eight bytes at a time: most layouts
    /// are ASCII, and validating them as UTF-8 went byte by byte into a string copied again after.
    private static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            var any: UInt64 = 0
            while offset + 8 <= raw.count {
                any |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < raw.count {
                any |= UInt64(raw[offset])
                offset += 1
            }
            return any & 0x8080_8080_8080_8080 == 0
        }
    }

    private static func checkSize(_ count: Int, file: String) throws(TabKitError) {
        guard count <= maximumFileBytes else {
            throw TabKitError(
                .tooLarge,
                "\(file): the layout file is larger than the limit of \(maximumFileBytes) bytes; "
                    + "a layout names modules, it holds no data: shorten it")
        }
    }

    private static func document(_ bytes: [UInt8], file: String) throws(TabKitError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes: bytes, maximumDepth: maximumNesting)
        } catch {
            throw TabKitError(
                .malformedJSON, "\(file):\(error.line):\(error.column): malformed JSON: \(error.reason); fix the syntax")
        }
    }
}
