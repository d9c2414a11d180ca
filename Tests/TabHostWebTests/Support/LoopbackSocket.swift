import Foundation
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to 127.0.0.1 with deadlines: enough HTTP/1.1 and WebSocket (RFC 6455) to talk to
/// `tabhost serve` exactly as a browser would, headers included (Origin, Host, Cookie).
final class LoopbackSocket {
    private let fd: Int32
    /// Bytes read but not consumed yet.
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(Errno(rawValue: errno).description)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port): \(Errno(rawValue: errno).description)")
        }
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(Errno(rawValue: errno).description)") }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false at end of stream. Throws when `deadline` passes first.
    private func fill(until deadline: ContinuousClock.Instant) throws -> Bool {
        let left = deadline - .now
        guard left > .zero else { throw Failure(description: "timed out waiting for the server") }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(min(Double(Int32.max), (Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18) * 1000) + 1)
        guard poll(&pfd, 1, ms) > 0 else { throw Failure(description: "timed out waiting for the server") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return false }
        buffer += chunk[..<n]
        return true
    }

    private func take(_ count: Int, until deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill(until: deadline) else { throw Failure(description: "connection closed") }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    // MARK: HTTP

    struct Response {
        var status: Int
        /// Lowercased names.
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends a GET and reads the response head (and, unless it is an upgrade, the body by Content-Length).
    func get(_ path: String, headers: [String: String], port: Int, timeout: Duration = .seconds(10)) throws -> Response {
        var fields = ["Host": "127.0.0.1:\(port)"]
        fields.merge(headers) { $1 }
        var request = "GET \(path) HTTP/1.1\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try write(Array(request.utf8))
        let deadline = ContinuousClock.now + timeout
        var end: Int?
        while end == nil {
            end = Self.headEnd(buffer)
            if end == nil, try !fill(until: deadline) { throw Failure(description: "connection closed before a response") }
        }
        let head = String(decoding: try take(end!, until: deadline), as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ")
        var response = Response(status: Int(statusLine[1]) ?? 0, headers: [:], body: [])
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            response.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if response.status != 101, let length = Int(response.headers["content-length"] ?? "0"), length > 0 {
            response.body = try take(length, until: deadline)
        }
        return response
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i + 4
        }
        return nil
    }

    // MARK: WebSocket

    /// Sends the upgrade request; the response is 101 when the server accepted.
    func upgrade(port: Int, headers: [String: String]) throws -> Response {
        var fields = [
            "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        ]
        fields.merge(headers) { $1 }
        return try get("/ws", headers: fields, port: port)
    }

    /// Sends one masked frame (as clients must).
    func sendFrame(opcode: UInt8, _ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65536 {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    func sendText(_ text: String) throws { try sendFrame(opcode: 1, Array(text.utf8)) }

    /// The next text message (continuation frames joined; pings answered); nil when the server closed.
    func receiveText(timeout: Duration = .seconds(10)) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        var message: [UInt8] = []
        while true {
            let head = try take(2, until: deadline)
            let opcode = head[0] & 0x0F
            let fin = head[0] & 0x80 != 0
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                let b = try take(2, until: deadline)
                length = Int(b[0]) << 8 | Int(b[1])
            } else if length == 127 {
                length = try take(8, until: deadline).reduce(0) { $0 << 8 | Int($1) }
            }
            let payload = try take(length, until: deadline)
            switch opcode {
            case 0x8: return nil
            case 0x9: try sendFrame(opcode: 0xA, payload)
            case 0xA: break
            default:
                message += payload
                if fin { return String(decoding: message, as: UTF8.self) }
            }
        }
    }

    /// True when the server closes the connection within `interval` (whatever it sent first).
    func isClosedByServer(within interval: Duration) -> Bool {
        let deadline = ContinuousClock.now + interval
        do {
            while try fill(until: deadline) { buffer.removeAll() }
            return true
        } catch {
            return false
        }
    }

    /// True when nothing arrives within `interval`.
    func staysQuiet(for interval: Duration) -> Bool {
        guard buffer.isEmpty else { return false }
        do {
            _ = try fill(until: .now + interval)
            return false  // something arrived, or the server closed
        } catch {
            return true
        }
    }
}
