import Dispatch
import TabHostConcurrency

/// Cold loading, pipelined: a worker thread reads, checks and copies files (`ModuleLoader.prepare`)
/// ahead of the loading thread, which only opens the copies (libltdl stays on one thread, behind its
/// lock). Take every result, in order, with `next()`.
final class ModulePreparePipeline: Sendable {
    /// How many files the worker may run ahead of the loading thread.
    static let lookahead = 32

    private let slots: LockedValue<(results: [Result<PreparedModuleFile, ModuleError>?], taken: Int)>
    private let ready = DispatchSemaphore(value: 0)
    private let room = DispatchSemaphore(value: lookahead)

    /// Starts preparing `files` with `loader` on a worker thread.
    init(files: [String], loader: ModuleLoader) {
        slots = LockedValue((Array(repeating: nil, count: files.count), 0))
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for (index, file) in files.enumerated() {
                room.wait()
                let result = Result { () throws(ModuleError) in try loader.prepare(file) }
                slots.withLock { $0.results[index] = result }
                ready.signal()
            }
        }
    }

    /// The next file's result, in the order given (waits for the worker when it is not ahead).
    func next() -> Result<PreparedModuleFile, ModuleError> {
        ready.wait()
        room.signal()
        return slots.withLock { state in
            defer {
                state.results[state.taken] = nil
                state.taken += 1
            }
            return state.results[state.taken]!
        }
    }
}
