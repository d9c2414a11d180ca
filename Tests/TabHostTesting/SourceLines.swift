import Foundation

/// Lines of the repository's Swift sources, for the tests that keep a construct out of them.
public enum SourceLines {
    /// `FILE:LINE` (relative to the repository root) of every line that is not a `//` comment, in a Swift
    /// file under `folder` (relative to the root) and not under a path of `exempt`, that holds `pattern`.
    public static func matching<Output>(_ pattern: Regex<Output>, under folder: String, exempting exempt: [String] = []) throws -> [String]
    {
        let root = Fixture.repoRoot + "/"
        guard let all = FileManager.default.enumerator(atPath: root + folder)?.allObjects as? [String] else {
            throw FixtureError("cannot list \(root + folder)")
        }
        var found: [String] = []
        for file in all.sorted() where file.hasSuffix(".swift") {
            let path = folder + "/" + file
            guard !exempt.contains(where: { path.hasPrefix($0) }) else { continue }
            let text = try String(contentsOfFile: root + path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(pattern) {
                found.append("\(path):\(number + 1)")
            }
        }
        return found
    }
}
