import FoundationEssentials
import TabHostTesting
import TabKit
import TabLayout
import Testing

/// The state file's stated limits (docs/user/limits.md).
struct RestorationLimitTests {
    static let modules: Set<String> = ["alpha", "detail"]

    /// A host with one stack over "alpha", restored from a path of `depth` screens.
    static func restored(depth: Int) throws -> (host: ContainerHost, problems: [TabKitError]) {
        let factory = TableFactory(Log(), modules: modules)
        let host = ContainerHost(
            layout: try Layout.parse(#"{"root":{"stack":{"module":"alpha"}}}"#, knownModules: modules), factory: factory)
        let entries = [#"{"module":"alpha"}"#] + Array(repeating: #"{"module":"detail"}"#, count: depth - 1)
        let text = #"{"root":{"stack":[\#(entries.joined(separator: ","))]},"version":1}"#
        let problems = try host.restore(from: Data(text.utf8))
        return (host, problems)
    }

    @Test func aStackAtTheDepthLimitIsRestoredWholeAndADeeperOneIsCutWithOneLine() throws {
        let limit = RestorationState.maximumStackDepth
        let atLimit = try Self.restored(depth: limit)
        #expect(atLimit.problems.isEmpty)
        #expect(atLimit.host.applicationStack?.stack.count == limit)
        let past = try Self.restored(depth: limit + 1)
        #expect(past.host.applicationStack?.stack.count == limit)
        #expect(
            past.problems.map(\.description) == [
                "restoration data: a stack of \(limit + 1) screens is deeper than the limit of \(limit); its first \(limit) are restored"
            ])
    }

    @Test func aStateFileAtTheSizeLimitIsReadAndALargerOneIsOneLine() throws {
        let valid = #"{"root":{},"version":1}"#
        let atLimit = Data((valid + String(repeating: " ", count: RestorationState.maximumFileBytes - valid.utf8.count)).utf8)
        #expect(atLimit.count == RestorationState.maximumFileBytes)
        #expect(try RestorationState.decode(atLimit) == RestorationState(version: 1, root: .other))
        #expect(
            throws: TabKitError(
                .tooLarge,
                "restoration data: larger than the limit of \(RestorationState.maximumFileBytes) bytes; delete the file to start fresh")
        ) {
            try RestorationState.decode(atLimit + Data([0x20]))
        }
    }
}
