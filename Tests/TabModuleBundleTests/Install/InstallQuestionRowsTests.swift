import TabModuleBundle
import TabModuleBundleCommands
import Testing

/// The first install's question on a terminal: a manifest's title or publisher padded to the terminal's
/// width would wrap into a row of its own that reads as one of the question's lines (a fake
/// `publisher key:` above the real one). Rows are broken by the question, and only its own lines start
/// at the left edge.
struct InstallQuestionRowsTests {
    private static func question(publisher: String) -> InstallQuestion {
        var bundle = BundleFixture()
        bundle.permissions = []
        var manifest = bundle.manifest
        manifest.publisher = publisher
        return InstallQuestion(manifest: manifest, key: bundle.key.publicKey)
    }

    @Test(arguments: [80, 100, 132])
    func aPublisherPaddedToTheWidthCannotStartARowOfItsOwn(columns: Int) {
        let lead = "clock 1.4.0 (Clock) from Ada"
        let fake = "publisher key: D778C40715707175 (trusted for any module: Ada (checked))"
        // The padding that puts the fake line at the start of the terminal's second row.
        let forged = Self.question(publisher: "Ada" + String(repeating: " ", count: columns - lead.count) + fake)
        let plain = forged.lines.joined(separator: "\n")
        // The control: written as lines, the terminal wraps the fake text to a row's start.
        let firstLine = plain.split(separator: "\n")[0]
        #expect(firstLine.dropFirst(columns).hasPrefix("publisher key: D778C40715707175"))

        let rows = forged.rows(columns: columns)
        #expect(rows.allSatisfy { $0.count < columns }, "\(rows)")
        #expect(rows.filter { $0.hasPrefix("publisher key:") }.count == 1, "\(rows)")
        #expect(rows[0].hasPrefix("clock 1.4.0 (Clock) from Ada publisher key: D778C40715707175"), "\(rows)")
        #expect(rows.dropFirst().allSatisfy { !$0.contains("D778C40715707175") || $0.hasPrefix("    ") }, "\(rows)")
    }

    @Test func aQuestionThatFitsIsItsLines() {
        let question = Self.question(publisher: "Ada Example")
        #expect(question.rows(columns: 200) == question.lines)
    }
}
