import Glibc
import _CIsolation

/// The host's end of a child's socket: writes whole frames, reads into a buffer and cuts frames off it.
///
/// The descriptor is non-blocking; every wait is a `poll` with a deadline, so a child that stops
/// reading or writing never blocks the host's loop for longer than the caller allows.
final class ModuleHostChannel {
    /// What a read found.
    enum ReadResult {
        /// Bytes arrived (maybe not a whole frame yet).
        case data
        /// Nothing to read now.
        case wouldBlock
        /// The child closed its end (it exited, crashed, or closed every descriptor).
        case endOfFile
    }

    /// What a send did.
    enum SendResult {
        case sent
        /// The deadline passed with part of the frame unwritten: the stream is unusable.
        case timedOut
        /// The child's end is gone.
        case closed
    }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where `read` lands before the bytes join `buffer` (kept: a render round trip allocates nothing here).
    private var chunk: [UInt8]

    /// A channel on `fd` whose reads take up to `chunkBytes` at a time: a child's socket, which carries
    /// view trees, takes large ones; a scanned file's pipe, made for every file of a cold start and
    /// carrying a few short frames, small ones.
    init(fd: Int32, chunkBytes: Int = 64 * 1024) {
        self.fd = fd
        chunk = [UInt8](repeating: 0, count: chunkBytes)
    }

    /// Writes all of `bytes`, waiting for room until `deadline`; with `passed` (not -1), that descriptor
    /// attached to the first of them (SCM_RIGHTS).
    func send(_ bytes: [UInt8], passing passed: Int32 = -1, deadline: ContinuousClock.Instant) -> SendResult {
        var offset = 0
        var attached = passed
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                attached >= 0
                    ? tabhost_isolation_send_passing(fd, raw.baseAddress!, raw.count, attached)
                    : Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if sent > 0 {
                offset += sent
                attached = -1
                continue
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return .closed }
            let wait = ModuleHostChannel.milliseconds(until: deadline)
            if wait == 0 { return .timedOut }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, wait)
        }
        return .sent
    }

    /// Bytes one `fill` reads at most: a child that sends without end (a thread calling `log` in a
    /// loop) never keeps the caller reading.
    static let maximumBytesPerFill = 1 << 20

    /// True when what was read and not yet taken holds a whole frame (by its header's length).
    var holdsWholeFrame: Bool {
        guard let size = WireFrame.size(of: buffer[start...]) else { return false }
        return buffer.count - start >= size
    }

    /// Reads what is there without waiting, up to `maximumBytesPerFill`.
    func fill() -> ReadResult {
        var got = false
        var taken = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if start > 0 && start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                }
                buffer.append(contentsOf: chunk[0..<count])
                got = true
                taken += count
                if count < chunk.count || taken >= Self.maximumBytesPerFill { return .data }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return got ? .data : .wouldBlock }
            return got ? .data : .endOfFile
        }
    }

    /// The next whole frame in the buffer; throws when the child sent something no frame can be.
    func nextFrame() throws(WireReader.Malformed) -> WireFrame? {
        guard let (frame, size) = try WireFrame.cut(buffer[start...]) else { return nil }
        start += size
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return frame
    }

    /// Milliseconds for `poll` until `deadline`, rounded up; 0 once it passed.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
