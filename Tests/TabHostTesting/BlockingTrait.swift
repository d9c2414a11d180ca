import Testing

/// Runs each test of a suite (or one test) on ``BlockingTestPool``: for tests that block their thread
/// while a child process, tmux or a server does the work. Written `.blocking`.
///
/// A test runs on the pool's threads with every task it starts (they inherit the preference), except
/// detached ones and what an actor runs.
public struct BlockingTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite that carries it.
    public var isRecursive: Bool { true }

    /// Runs the test (`function`) with the pool as its task executor preference.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(BlockingTestPool.shared) { try await function() }
    }
}
