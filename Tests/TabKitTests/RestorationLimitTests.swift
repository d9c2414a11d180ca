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

    /// One module saving a megabyte in each of twenty tabs wrote a file past the limit, and the next start
    /// read nothing of it: every module's state was lost. Now that module's states are left out, the
    /// largest first, and the rest fit.
    @Test func theLargestSaverIsLeftOutSoThatTheFileStaysReadable() throws {
        let megabyte = String(repeating: "A", count: 1 << 20)
        var stacks: [String: [RestorationEntry]] = [:]
        for index in 0..<20 { stacks["fat\(index)"] = [RestorationEntry(module: "fat", param: nil, state: megabyte)] }
        stacks["victim"] = [RestorationEntry(module: "victim", param: nil, state: "NDI=")]
        let tabs = RestorationTabs(selected: "victim", index: 20, moreList: false, order: stacks.keys.sorted(), stacks: stacks)
        let state = RestorationState(root: .tabs(tabs), modals: [RestorationEntry(module: "medium", param: nil, state: megabyte)])
        // The control: written whole, no start could read it.
        #expect(state.encoded().count > RestorationState.maximumFileBytes)
        #expect(throws: TabKitError.self) { try RestorationState.decode(state.encoded()) }

        let (data, leftOut) = state.encodedWithinFileLimit()
        #expect(data.count <= RestorationState.maximumFileBytes)
        #expect(leftOut.map(\.module) == ["fat"])
        #expect(leftOut.first?.bytes == 20 << 20)
        let read = try RestorationState.decode(data)
        guard case .tabs(let restored) = read.root else {
            Issue.record("\(read.root)")
            return
        }
        #expect(restored.stacks["victim"]?.first?.state == "NDI=")
        #expect(restored.stacks["fat3"]?.first?.state == nil)
        #expect(restored.stacks["fat3"]?.first?.module == "fat")  // the screen stays, to start fresh
        #expect(read.modals.first?.state == megabyte)
        // Within the limit, nothing is left out.
        let small = RestorationState(root: .tabs(RestorationTabs(selected: nil, index: 0, moreList: false, order: [], stacks: [:])))
        #expect(small.encodedWithinFileLimit().leftOut.isEmpty)
        #expect(small.encodedWithinFileLimit().data == small.encoded())
    }
}
