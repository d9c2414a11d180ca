import Glibc
import Logging
import TabModuleRuntime

/// A started child read as one: frames from its socket with a deadline, and its stdout and stderr
/// as log lines with the module's name. Shared by module connections and the file scanner.
final class ModuleHostLink {
    /// What waiting for the child found.
    enum Event {
        case frame(WireFrame)
        case timedOut
        /// End-of-file, or the child exited and nothing more is buffered.
        case ended
        /// Bytes that no frame can be.
        case malformed
    }

    let process: ModuleHostProcess
    let channel: ModuleHostChannel
    private let logger: Logger
    /// The `module` metadata of output lines.
    var name: String
    private var line: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 4096)
    /// Bytes of output one `drainOutput` reads (the pipe holds the rest for the next turn; a child
    /// that prints faster waits on its full pipe): a turn of the loop stays short under a flood.
    static let maximumOutputBytesPerTurn = 16 * 1024
    /// Bytes of output read once the child has ended: what it printed on its way out (a pipe holds
    /// 64 KiB), but not without end from a fork of the module that still holds the pipe.
    static let maximumOutputBytesAtEnd = 1 << 20

    init(process: ModuleHostProcess, logger: Logger, name: String) {
        self.process = process
        channel = ModuleHostChannel(fd: process.socket)
        self.logger = logger
        self.name = name
    }

    /// The next frame, draining the output meanwhile, until `deadline`. A child whose output or
    /// frames never stop still gives up at the deadline: each turn reads a bounded amount.
    func next(until deadline: ContinuousClock.Instant) -> Event {
        var polled = false
        while true {
            do {
                if let frame = try channel.nextFrame() { return .frame(frame) }
            } catch {
                return .malformed
            }
            let wait = ModuleHostChannel.milliseconds(until: deadline)
            if polled && wait == 0 { return .timedOut }
            polled = true
            var fds = [
                pollfd(fd: process.socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
            ]
            if process.pidDescriptor >= 0 {
                fds.append(pollfd(fd: process.pidDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), wait) }
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 {
                if wait == 0 || ready < 0 { return .timedOut }
                continue
            }
            if fds[1].revents != 0 { drainOutput() }
            let exited = fds.count > 2 && fds[2].revents != 0
            if fds[0].revents != 0 || exited {
                switch channel.fill() {
                case .data: continue
                case .endOfFile: return .ended
                case .wouldBlock:
                    // Exited, yet the socket stays open: a fork of the module holds it.
                    if exited { return .ended }
                }
            }
        }
    }

    /// Writes what the child printed to the log, one line per line (long lines split at 4 KiB), at
    /// most `limit` bytes per call: a child that prints without end never keeps the caller (the loop,
    /// or a wait for a reply) from its other work. The log file limits what of it is kept
    /// (`stream: output`).
    /// Returns how many bytes it read.
    @discardableResult
    func drainOutput(limit: Int = ModuleHostLink.maximumOutputBytesPerTurn) -> Int {
        var taken = 0
        while taken < limit {
            let count = scratch.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            taken += count
            for byte in scratch[0..<count] {
                if byte == UInt8(ascii: "\n") || line.count >= ModuleLimits.maximumLogLineBytes {
                    logLine()
                    if byte == UInt8(ascii: "\n") { continue }
                }
                line.append(byte)
            }
        }
        return taken
    }

    /// Logs a last line that had no newline.
    func flushOutput() {
        if !line.isEmpty { logLine() }
    }

    private func logLine() {
        let text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        logger.info("\(text)", metadata: ["module": "\(name)", "stream": "output"])
    }

    /// Reads the child's HELLO and checks its protocol version; nil when it speaks ours, else why not.
    func handshake(until deadline: ContinuousClock.Instant) -> String? {
        let hello: WireFrame
        switch next(until: deadline) {
        case .frame(let frame): hello = frame
        case .timedOut: return "its process did not start (no answer within the start timeout)"
        case .ended, .malformed:
            drainOutput(limit: Self.maximumOutputBytesAtEnd)
            let exit = process.reap(block: false) ?? (process.waitForExit(.milliseconds(200)) ? process.reap(block: false) : nil)
            return "its process did not start (\(exit?.description ?? "it closed its connection"))"
        }
        return WireHello.check(hello)
    }
}
