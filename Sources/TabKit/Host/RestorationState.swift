#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import FoundationEssentials
#endif

/// The `--state` file: every stack's path from the root and every tab container's selection by
/// tab NAME, tab order and created tabs' stacks (rule 41). The one type the file is written and
/// read through.
///
/// ```
/// {"root":NODE,"version":1}
/// NODE  = {"stack":[ENTRY, ...]}                      (a navigation stack, root first)
///       | {"tabs":TABS}                               (a tab container)
///       | {}                                          (anything else)
/// TABS  = {"index":n,"moreList":bool,"order":["name",...],"selected":"name"|null,
///          "stacks":{"name":[ENTRY, ...], ...}}
/// ENTRY = {"module":"name"|null,"param":"…"|null,"state":"base64"?,"tabs":TABS?}
/// ```
/// Keys are written sorted; readers accept any order.
public struct RestorationState: Codable, Sendable, Hashable {
    /// The format's version.
    public var version: Int
    /// The root controller's state.
    public var root: RestorationNode

    /// Creates a state.
    public init(version: Int = 1, root: RestorationNode) {
        self.version = version
        self.root = root
    }

    private enum CodingKeys: String, CodingKey {
        case version, root
    }

    /// Reads a state; a file without `version` is version 1, one without `root` is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        root = try container.decode(RestorationNode.self, forKey: .root)
    }

    /// The file's bytes (JSON with sorted keys).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The largest state file read, in bytes (16 MiB: each module's state is at most 1 MiB, base64
    /// makes it a third larger, and a session seldom keeps more than a few).
    public static let maximumFileBytes = 16 << 20

    /// The most screens restored onto one navigation stack (the root included); deeper paths are cut.
    public static let maximumStackDepth = 100
}
