import _CTerminalShims

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair for tests: the test reads and writes the controller side.
final class PseudoTerminal {
    let controller: Int32
    let device: Int32

    init(columns: Int = 40, rows: Int = 12) {
        var controller: Int32 = -1
        var device: Int32 = -1
        let result = tabhost_term_open_pty(&controller, &device, Int32(columns), Int32(rows))
        precondition(result == 0, "openpty failed: errno \(errno)")
        self.controller = controller
        self.device = device
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(controller)
        close(device)
    }

    /// Types `text` as if on the keyboard.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Everything the program wrote so far.
    func readAll() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return result
    }

    /// The device's current settings.
    var settings: termios {
        var t = termios()
        _ = tcgetattr(device, &t)
        return t
    }
}
