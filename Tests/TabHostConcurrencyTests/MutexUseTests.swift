import Foundation
import TabHostTesting
import Testing

/// Keeps `Synchronization.Mutex` out of the code ThreadSanitizer checks: its contended hand-over is
/// invisible to TSan, so each use under contention is a false report in `Scripts/test --sanitize=thread`
/// (docs/contributing/tests.md, "Sanitizers"). `LockedValue` is the lock to use there.
struct MutexUseTests {
    /// Built uninstrumented and shipped as a standalone package by Scripts/install: its `Mutex` stays.
    static let exempt = ["Sources/TabModuleKit/"]

    @Test func noInstrumentedSwiftFileUsesTheStandardLibrarysMutex() throws {
        let uses = try ["Sources", "Tests", "Fuzz"].flatMap { try Self.mutexUses(under: $0) }
        #expect(uses.isEmpty, "use LockedValue (TabHostConcurrency) instead of Mutex: \(uses)")
    }

    @Test func theExemptSDKStillUsesOneSoThisTestCanSeeIt() throws {
        #expect(try Self.mutexUses(under: "Sources/TabModuleKit", exempting: []).count >= 1)
    }

    /// `FILE:LINE` of every line under the repository's `folder` that makes or names a `Mutex`.
    static func mutexUses(under folder: String, exempting exempt: [String] = exempt) throws -> [String] {
        try SourceLines.matching(try Regex(#"\bMutex\s*[<(]"#), under: folder, exempting: exempt)
    }
}
