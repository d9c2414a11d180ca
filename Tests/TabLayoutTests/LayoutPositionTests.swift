import TabKit
import TabLayout
import Testing

/// Positions and checks that the layout reader works out only when it reports an error (lines and
/// columns from byte offsets, paths, duplicate keys beyond the few compared one by one).
struct LayoutPositionTests {
    static func problems(_ text: String) -> [String] {
        Layout.problems(bytes: Array(text.utf8), file: "l.json", knownModules: nil).map(\.description)
    }

    /// Columns count characters on lines with more than ASCII, also when the reader reports an
    /// earlier position of a line after a later one (a missing key after an unknown one).
    @Test func problemsOnLinesWithMoreThanASCIIHaveTheirLineAndColumn() {
        let text = """
            {
              "root": {"tabs": [
                {"name": "é👍🏽", "module": "accounts", "badge": 1},
                {"name": "ü", "badge": 2},
                {"module": "x", "glyph": 7, "name": "ü"}
              ], "bar": "left"},
              "extra": true
            }
            """
        let tabKeys = "allowed keys: name, module, param, title, glyph, image, customizable, isolation, permissions"
        #expect(
            Self.problems(text) == [
                "l.json:3:42: unknown key \"badge\" at root.tabs[0]; \(tabKeys)",
                "l.json:4:5: root.tabs[1] is missing the required key \"module\"; add it",
                "l.json:4:19: unknown key \"badge\" at root.tabs[1]; \(tabKeys)",
                "l.json:5:30: root.tabs[2].glyph must be a string, found a number; put the value in double quotes",
                "l.json:6:13: root.bar must be \"top\" or \"bottom\", found \"left\"",
                "l.json:7:3: unknown key \"extra\" at the document; allowed keys: root, templates, withoutTabs",
            ])
    }

    /// A UTF-8 byte order mark that an editor wrote first is skipped (it was "unexpected byte 0xef"), and
    /// positions after it are the file's.
    @Test func aByteOrderMarkIsSkipped() {
        let bom = "\u{FEFF}"
        #expect(Self.problems(bom + #"{"root": {"stack": {"module": "accounts"}}}"#) == [])
        #expect(Self.problems(bom + #"{"root": {"bar": 1}}"#).first?.hasPrefix("l.json:1:11: ") == true)
        // Only first: anywhere else it is what it was.
        #expect(
            Self.problems("{" + bom + "}") == [
                "l.json:1:2: malformed JSON: unexpected byte 0xef; expected a key in double quotes; fix the syntax"
            ])
    }

    /// Small objects compare each key with the ones before, larger ones keep a set: both find it.
    @Test(arguments: [3, 12, 13, 40])
    func aDuplicateKeyIsFoundInAnObjectOfAnySize(keys: Int) {
        let members = (0..<keys).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let text = "{\(members),\"k2\":0}"
        #expect(Self.problems(text) == ["l.json:1:\(text.count - 6): malformed JSON: duplicate key \"k2\"; fix the syntax"])
    }

    /// Keys are compared as decoded text, not as the bytes that spell them.
    @Test func aDuplicateKeySpelledWithAnEscapeIsFound() {
        #expect(
            Self.problems(#"{"root":{"stack":{"module":"accounts"}},"\u0072oot":1}"#)
                == [#"l.json:1:41: malformed JSON: duplicate key "root"; fix the syntax"#])
    }

    /// A tab that cannot be read does not take its name: the next tab of that name is the first.
    @Test func aTabThatFailsLeavesItsNameFree() {
        #expect(
            Self.problems(#"{"root":{"tabs":[{"name":"a"},{"name":"a","module":"accounts"},{"name":"a","module":"accounts"}]}}"#) == [
                #"l.json:1:18: root.tabs[0] is missing the required key "module"; add it"#,
                #"l.json:1:72: duplicate tab name "a" at root.tabs[2].name; tab names must be unique in a container"#,
            ])
    }
}
