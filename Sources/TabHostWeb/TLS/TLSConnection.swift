import NIOCore
import _CTLSShims

/// One TLS connection between two memory BIOs (`_CTLSShims`): ciphertext from the socket in, ciphertext
/// to send out, plaintext read and written in between. Owned by one `TLSServerHandler`, used on its
/// channel's event loop only.
final class TLSConnection {
    private let connection: OpaquePointer

    /// What a step came to.
    enum Status {
        /// Done.
        case ok
        /// More ciphertext from the peer is needed (a partial record, the next handshake flight).
        case wantInput
        /// The peer sent close_notify.
        case closed
        /// A protocol error: `failure` says which; the connection is unusable.
        case failed
    }

    init(_ connection: OpaquePointer) { self.connection = connection }

    deinit { tabhost_tls_connection_free(connection) }

    /// Puts the readable bytes of `buffer` (ciphertext) in; false when out of memory.
    func putInput(_ buffer: ByteBuffer) -> Bool {
        buffer.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
            return tabhost_tls_connection_put_input(connection, base, bytes.count) == 0
        }
    }

    /// Advances the handshake.
    func handshake() -> Status { Self.status(tabhost_tls_connection_handshake(connection)) }

    /// Reads the next plaintext (up to one record) into `buffer`.
    func read(into buffer: inout ByteBuffer) -> Status {
        var status = TABHOST_TLS_OK
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 16384) { bytes in
            var count = 0
            status = tabhost_tls_connection_read(
                connection, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &count)
            return count
        }
        return Self.status(status)
    }

    /// Encrypts the readable bytes of `buffer`; the records wait in the output.
    func write(_ buffer: ByteBuffer) -> Status {
        let status = buffer.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return TABHOST_TLS_OK }
            return tabhost_tls_connection_write(connection, base, bytes.count)
        }
        return Self.status(status)
    }

    /// Queues close_notify (once, and only after the handshake).
    func shutdown() { tabhost_tls_connection_shutdown(connection) }

    /// The ciphertext waiting to be sent, taken out; nil when there is none.
    func takeOutput(allocator: ByteBufferAllocator) -> ByteBuffer? {
        let pending = tabhost_tls_connection_pending_output(connection)
        guard pending > 0 else { return nil }
        var buffer = allocator.buffer(capacity: pending)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: pending) { bytes in
            tabhost_tls_connection_take_output(connection, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), pending)
        }
        return buffer
    }

    /// Why the last step failed.
    var failure: String { String(cString: tabhost_tls_connection_error(connection)) }

    private static func status(_ status: tabhost_tls_status) -> Status {
        switch status {
        case TABHOST_TLS_OK: .ok
        case TABHOST_TLS_WANT_INPUT: .wantInput
        case TABHOST_TLS_CLOSED: .closed
        default: .failed
        }
    }
}
