/// A small line diff for snapshot failures: the lines of `old` and `new` that differ, `-`/`+` marked,
/// with their common prefix and suffix left out (two lines of context).
enum LineDiff {
    static func lines(_ old: String, _ new: String) -> [String] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let context = max(0, prefix - 2)
        var out: [String] = []
        out += a[context..<prefix].map { "  " + $0 }
        out += a[prefix..<(a.count - suffix)].map { "- " + $0 }
        out += b[prefix..<(b.count - suffix)].map { "+ " + $0 }
        out += a[(a.count - suffix)..<min(a.count, a.count - suffix + 2)].map { "  " + $0 }
        return out
    }
}
