import Foundation
import TabHostConcurrency
import TabHostTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The pool the tests that block their thread run on (`.blocking`): as many of them block at once as it
/// has threads, where Swift's cooperative pool lets only as many as the machine has cores.
struct BlockingTestPoolTests {
    /// How many of `count` tasks that each block their thread for a while were blocked at once, with
    /// `executor` preferred (nil: Swift's cooperative pool).
    static func mostBlockedAtOnce(_ count: Int, on executor: (any TaskExecutor)?) async -> Int {
        let blocked = LockedValue((now: 0, most: 0))
        await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<count {
                    group.addTask {
                        blocked.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        usleep(200_000)
                        blocked.withLock { $0.now -= 1 }
                    }
                }
            }
        }
        return blocked.withLock { $0.most }
    }

    @Test func asManyTestsBlockAtOnceAsThePoolHasThreads() async {
        let pool = BlockingTestPool(threads: 6)
        #expect(await Self.mostBlockedAtOnce(6, on: pool) == 6)
    }

    /// The control: on Swift's own pool no more block at once than the machine has cores (on two cores,
    /// two), which is why a suite that waits for children carries `.blocking`.
    @Test func swiftsOwnPoolBlocksNoMoreThanOnePerCore() async {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(await Self.mostBlockedAtOnce(cores + 4, on: nil) <= cores)
    }

    @Test(
        arguments: [
            (nil, 2 * ProcessInfo.processInfo.activeProcessorCount), ("8", 8), ("1", 1), ("64", 64),
            ("0", 2 * ProcessInfo.processInfo.activeProcessorCount),
            ("65", 2 * ProcessInfo.processInfo.activeProcessorCount), ("six", 2 * ProcessInfo.processInfo.activeProcessorCount),
        ] as [(String?, Int)])
    func theThreadCountIsTheVariablesOrTwoPerCore(variable: String?, expected: Int) {
        let environment = variable.map { ["TABHOST_TEST_THREADS": $0] } ?? [:]
        #expect(BlockingTestPool.threadCount(environment: environment) == expected)
    }

    /// Every test file that waits for a child process (tmux, `run(…)`, the built binary) runs its tests on
    /// the pool: on the cooperative pool two such tests stall every other test of a two-core machine.
    @Test func everySuiteThatWaitsForAChildIsBlocking() throws {
        let waits = try Regex(#"\b(TmuxSession|RunningProcess)\(|(^|[^.\w])run\([^)]|Support\.run\("#)
        let files = try SourceLines.matching(waits, under: "Tests", exempting: ["Tests/TabHostTesting/"])
            .map { String($0.prefix { $0 != ":" }) }
        var missing: [String] = []
        for file in Set(files).sorted() {
            let text = try String(contentsOfFile: Fixture.repoRoot + "/" + file, encoding: .utf8)
            if text.contains("@Test"), !text.contains(".blocking") { missing.append(file) }
        }
        #expect(!files.isEmpty)
        #expect(missing.isEmpty, "add .blocking to the suites of \(missing)")
    }
}
