import Glibc

/// The records of an inotify descriptor, read until its queue is empty: the one place that knows
/// their layout (a fixed header, then a NUL-padded name; several records per `read`), shared by the
/// module directory watcher and `tabhost dev`'s source watcher.
package enum InotifyRecords {
    /// Reads `fileDescriptor` (non-blocking) into `buffer` until EAGAIN, calling `body` with each
    /// record's watch descriptor, mask and name bytes (empty for the watched directory itself).
    package static func drain(
        _ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer,
        _ body: (_ watch: Int32, _ mask: UInt32, _ name: UnsafeRawBufferPointer) -> Void
    ) {
        let header = MemoryLayout<inotify_event>.size
        while true {
            let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return  // EAGAIN: queue empty (other errors leave the queue to the next wake-up)
            }
            if count == 0 { return }
            var offset = 0
            while offset + header <= count {
                let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let padded = UnsafeRawBufferPointer(rebasing: buffer[(offset + header)..<min(offset + header + length, count)])
                body(wd, mask, UnsafeRawBufferPointer(rebasing: padded.prefix { $0 != 0 }))
                offset += header + length
            }
        }
    }
}
