import TabKit
import TabLayout
import Testing

/// The layout file's stated limits (docs/user/limits.md): each is accepted at the limit and refused
/// one past it with one line, never a crash or a hang.
struct LayoutLimitTests {
    static let known: Set<String> = ["accounts"]
    static let valid = #"{"root":{"stack":{"module":"accounts"}}}"#

    /// The parser recurses per level: without a limit, a hostile file would overflow the stack.
    @Test func nestingAtTheLimitParsesAndOnePastItIsOneLine() {
        let depth = Layout.maximumNesting
        let atLimit = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        // At the limit the syntax is fine; the document is only of the wrong shape.
        #expect(
            throws: TabKitError(
                .invalidValue, "layout.json:1:1: the document must be an object, found an array; write it as {\"key\": value, …}")
        ) {
            try Layout.parse(atLimit, knownModules: Self.known)
        }
        #expect(
            throws: TabKitError(
                .malformedJSON, "layout.json:1:\(depth + 1): malformed JSON: nesting deeper than \(depth) levels; fix the syntax")
        ) {
            try Layout.parse("[" + atLimit + "]", knownModules: Self.known)
        }
    }

    @Test func deepNestingFarPastTheLimitIsStillOneLine() {
        let problems = Layout.problems(
            bytes: Array(String(repeating: "{\"a\":", count: 200_000).utf8), file: "deep.json", knownModules: nil)
        #expect(problems.map(\.description) == ["deep.json:1:321: malformed JSON: nesting deeper than 64 levels; fix the syntax"])
    }

    @Test func fileSizeAtTheLimitParsesAndOnePastItIsOneLine() throws {
        let padding = Layout.maximumFileBytes - Self.valid.utf8.count
        let atLimit = Array((Self.valid + String(repeating: " ", count: padding)).utf8)
        #expect(atLimit.count == Layout.maximumFileBytes)
        _ = try Layout.parse(bytes: atLimit, file: "big.json", knownModules: Self.known)
        #expect(
            throws: TabKitError(
                .tooLarge,
                "big.json: the layout file is larger than the limit of \(Layout.maximumFileBytes) bytes; "
                    + "a layout names modules, it holds no data: shorten it")
        ) {
            try Layout.parse(bytes: atLimit + [0x20], file: "big.json", knownModules: Self.known)
        }
    }

    /// The duplicate-key check was a scan of the keys before each one: quadratic in the key count.
    @Test func anObjectOfManyKeysIsReadInOnePass() throws {
        let keys = (0..<40_000).map { "\"k\($0)\":0" }.joined(separator: ",")
        let problems = Layout.problems(bytes: Array("{\(keys)}".utf8), file: "keys.json", knownModules: nil)
        #expect(problems.count == 40_001)  // the missing root (at 1:1), then 40,000 unknown keys
        #expect(problems[1].description.hasPrefix("keys.json:1:2: unknown key \"k0\" at the document") == true)
    }
}
