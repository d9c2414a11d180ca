#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import FoundationEssentials
#endif

/// The `--state` file: every stack's path from the root, every tab container's selection by
/// tab NAME, tab order and created tabs' stacks (rule 41), and the presented modals, bottom first.
/// The one type the file is written and read through.
///
/// ```
/// {"modals":[ENTRY, ...]?,"root":NODE,"version":2}
/// NODE  = {"stack":[ENTRY, ...]}                      (a navigation stack, root first)
///       | {"tabs":TABS}                               (a tab container)
///       | {}                                          (anything else)
/// TABS  = {"index":n,"moreList":bool,"order":["name",...],"selected":"name"|null,
///          "stacks":{"name":[ENTRY, ...], ...}}
/// ENTRY = {"module":"name"|null,"param":"…"|null,"presenterBelow":true?,"state":"base64"?,
///          "tabs":TABS?,"tag":"…"?}
/// ```
/// Keys are written sorted; readers accept any order and ignore keys they do not know. Version 1
/// (no `modals`, no `presenterBelow` or `tag`) is read as it always was; version 2 adds them.
/// A file of a later version is read for what this version knows.
public struct RestorationState: Codable, Sendable, Hashable {
    /// The format's version.
    public var version: Int
    /// The root controller's state.
    public var root: RestorationNode
    /// The presented modals, bottom first (those made from a module; others cannot be made again).
    public var modals: [RestorationEntry]

    /// The version this build writes.
    public static let currentVersion = 2

    /// Creates a state.
    public init(version: Int = currentVersion, root: RestorationNode, modals: [RestorationEntry] = []) {
        self.version = version
        self.root = root
        self.modals = modals
    }

    private enum CodingKeys: String, CodingKey {
        case version, root, modals
    }

    /// Reads a state; a file without `version` is version 1, one without `root` is an error, one
    /// without `modals` had none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        root = try container.decode(RestorationNode.self, forKey: .root)
        modals = try container.decodeIfPresent([RestorationEntry].self, forKey: .modals) ?? []
    }

    /// Writes `version`, `root`, and `modals` when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(root, forKey: .root)
        if !modals.isEmpty { try container.encode(modals, forKey: .modals) }
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
