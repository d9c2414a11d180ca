import Glibc
import TabModuleLoading

/// One SCAN sent to the scanner and not answered yet, with the read end of the pipe that only its
/// file's process writes on (its write end went with the request): another file's process, in flight
/// at the same time, cannot answer for this one. Closes that pipe when dropped.
final class ModuleScanRequest {
    /// The request's seq on the scanner's connection (SCAN_ENDED names it).
    let seq: UInt32
    /// The private copy the scanner opens.
    let copy: String
    /// The user's file (refusals name it).
    let original: String
    /// The version of `original` its refusal is remembered under.
    let stamp: ModuleFileStamp?
    /// Phase frames and the reply of the file's process.
    let channel: ModuleHostChannel
    /// Where the file's process was when it last said (a SCAN_PHASE value).
    var phase: UInt8 = 1
    /// The file's process said where it was at least once: it read the request and began.
    var started = false
    /// The scanner itself ended (or broke the protocol) while this request waited.
    var lostWithScanner = false
    /// How the file's process ended before it replied, once the scanner said so (SCAN_ENDED).
    var ended: ModuleHostExit?
    /// What the file's process found, once it replied.
    var report: ModuleScanReport?
    /// The file's pipe reached end-of-file: its process and every fork of it are gone.
    var closed = false

    /// A request sent as `seq`, answered on `pipe` (its read end, now owned by the request).
    init(seq: UInt32, copy: String, original: String, stamp: ModuleFileStamp?, pipe: Int32) {
        self.seq = seq
        self.copy = copy
        self.original = original
        self.stamp = stamp
        channel = ModuleHostChannel(fd: pipe, chunkBytes: 4096)
    }

    deinit { close(channel.fd) }
}
