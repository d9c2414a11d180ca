/// The text around minisign's base64 lines: `untrusted comment: …` and `trusted comment: …` lines,
/// read as minisign reads them (each line without its `\n` and a `\r` before it).
enum MinisignText {
    /// The prefix of the first line of every key and signature file.
    static let untrustedPrefix = "untrusted comment: "
    /// The prefix of a signature's third line.
    static let trustedPrefix = "trusted comment: "
    /// minisign's limit on an untrusted comment line, prefix included.
    static let maximumUntrustedLineBytes = 1024
    /// minisign's limit on a trusted comment line, prefix included.
    static let maximumTrustedLineBytes = 8192

    /// The lines of `bytes` (UTF-8), without line ends; trailing empty lines dropped. Nil when not UTF-8.
    static func lines(_ bytes: [UInt8]) -> [String]? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Why `comment` cannot be written on one comment line of at most `limit` bytes (prefix included); nil when it can.
    static func commentProblem(_ comment: String, prefix: String, limit: Int) -> String? {
        if comment.contains(where: { $0 == "\n" || $0 == "\r" }) { return "the comment contains a line break" }
        if prefix.utf8.count + comment.utf8.count >= limit {
            return "the comment is longer than \(limit - prefix.utf8.count - 1) bytes"
        }
        return nil
    }
}
