import FoundationEssentials
import Glibc
import TabModuleLoading

/// Runs `.tabtest` scripts against one built module, each in a fresh session with a fresh data
/// directory (removed afterwards), on this thread.
public final class ScriptRunner {
    /// What every script shares.
    public let options: ScriptRunOptions

    /// A runner with `options`.
    public init(options: ScriptRunOptions) {
        self.options = options
    }

    /// Runs `script` to its end or its first failing step.
    public func run(_ script: TestScript) -> ScriptOutcome {
        let clock = ContinuousClock()
        let started = clock.now
        var outcome = ScriptOutcome(path: script.path)
        guard let scratch = Self.makeScratchDirectory() else {
            outcome.failedLine = 0
            outcome.details = ["cannot make a scratch directory: \(String(cString: strerror(errno))); set TMPDIR"]
            return outcome
        }
        // What a module made in its data directory there may be thousands of levels deep, and links.
        defer { FileTreeRemoval.remove(scratch) }
        Self.prepareEnvironment(scratch: scratch)
        var session: ScriptSession?
        do throws(StepFailure) {
            let opened = try ScriptSession(script: script, options: options, scratch: scratch)
            session = opened
            try opened.start()
        } catch {
            outcome.failedLine = 0
            outcome.details = ["before the first step: " + (error.lines.first ?? "")] + error.lines.dropFirst()
        }
        if let session {
            defer { session.close() }
            if outcome.passed, let reason = session.skipReason {
                outcome.skipReason = reason
            } else if outcome.passed {
                if let note = session.sandboxNote { session.notes.append(note) }
                for step in script.steps {
                    do {
                        try session.perform(step)
                    } catch {
                        outcome.failedLine = step.line
                        outcome.details = ["line \(step.line): \(step.source): " + (error.lines.first ?? "")] + error.lines.dropFirst()
                        break
                    }
                }
            }
            outcome.notes = session.notes
        }
        outcome.duration = clock.now - started
        return outcome
    }

    /// Points the data and config homes into `scratch`, fresh for each script (the session reads them
    /// at start), and fixes the locale and time zone, which the module's child inherits: output that
    /// depends on them is the same everywhere.
    static func prepareEnvironment(scratch: String) {
        setenv("XDG_DATA_HOME", scratch + "/data", 1)
        setenv("XDG_CONFIG_HOME", scratch + "/config", 1)
        setenv("LANG", "C.UTF-8", 1)
        setenv("LC_ALL", "C.UTF-8", 1)
        setenv("TZ", "UTC", 1)
    }

    /// A fresh private directory under the temporary directory (`tabhost-test-PID-XXXXXX`); nil when it
    /// cannot be made. Those of a run that was killed (its process gone) are removed first: a run
    /// ended by a signal cannot remove its own.
    static func makeScratchDirectory() -> String? {
        let temporary = FileManager.default.temporaryDirectory.path
        ModuleCopyDirectory.sweep(root: temporary, prefix: "tabhost-test-")
        var template = Array((temporary + "/tabhost-test-\(getpid())-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }
}
