import Dispatch
import TabHostConcurrency

/// Cold loading, pipelined: a worker thread reads, checks and copies files (`ModuleLoader.prepare`)
/// ahead of the loading thread, which only opens the copies (libltdl stays on one thread, behind its
/// lock). Take every result, in order, with `next()`.
///
/// The worker is not held back: a prepared file keeps only its metadata (the bytes are in the copy),
/// so running through all files costs little memory, and a worker that never waits for room is not
/// woken once per file by the loading thread (a futex wake on the loading thread's path each time).
final class ModulePreparePipeline: Sendable {
    private let slots: LockedValue<(results: [Result<PreparedModuleFile, ModuleError>?], taken: Int)>
    private let ready = DispatchSemaphore(value: 0)

    /// Starts preparing `files` with `loader` on a worker thread.
    init(files: [String], loader: ModuleLoader) {
        slots = LockedValue((Array(repeating: nil, count: files.count), 0))
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for (index, file) in files.enumerated() {
                let result = Result { () throws(ModuleError) in try loader.prepare(file) }
                slots.withLock { $0.results[index] = result }
                ready.signal()
            }
        }
    }

    /// The result `next()` gives after `skipping` more, when the worker has it already; it stays for `next()`.
    func peek(skipping: Int = 0) -> Result<PreparedModuleFile, ModuleError>? {
        slots.withLock { state in
            state.taken + skipping < state.results.count ? state.results[state.taken + skipping] : nil
        }
    }

    /// The next file's result, in the order given (waits for the worker when it is not ahead).
    func next() -> Result<PreparedModuleFile, ModuleError> {
        ready.wait()
        return slots.withLock { state in
            defer {
                state.results[state.taken] = nil
                state.taken += 1
            }
            return state.results[state.taken]!
        }
    }
}
