@testable import TerminalUI

/// A tiny terminal: applies the subset of ANSI the differ emits (CUP, ED 2, SGR, printable
/// UTF-8 with display widths) to a grid, so tests can check that bytes produce the intended screen.
struct ANSIInterpreter {
    var grid: CellGrid
    var x = 0
    var y = 0
    var style = CellStyle()
    /// Sequences seen that this interpreter does not know (a test expects none).
    var unknown: [String] = []

    init(width: Int, height: Int) {
        grid = CellGrid(width: width, height: height)
    }

    mutating func apply(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var scalars = text.unicodeScalars[...]
        var printable = ""
        func flush(_ me: inout ANSIInterpreter) {
            guard !printable.isEmpty else { return }
            for character in printable {
                let w = DisplayWidth.of(character)
                guard w > 0, me.x + w <= me.grid.width else { continue }
                me.grid.put(String(character), x: me.x, y: me.y, style: me.style)
                me.x += w
            }
            printable = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}" else {
                printable.unicodeScalars.append(scalar)
                continue
            }
            flush(&self)
            guard scalars.first == "[" else {
                unknown.append("ESC")
                continue
            }
            scalars = scalars.dropFirst()
            var params = ""
            while let p = scalars.first, (0x20...0x3F).contains(p.value) {
                params.unicodeScalars.append(p)
                scalars = scalars.dropFirst()
            }
            guard let final = scalars.first else { break }
            scalars = scalars.dropFirst()
            let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch final {
            case "H":
                y = max(1, numbers.first ?? 1) - 1
                x = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
            case "K" where params.isEmpty || numbers.first == 0:
                // Erase to end of line, in the default style.
                for column in x..<grid.width { grid[column, y] = .blank }
            case "J" where numbers.first == 2:
                grid = CellGrid(width: grid.width, height: grid.height)
            case "m":
                var index = 0
                while index < numbers.count {
                    switch numbers[index] {
                    case 0: style = CellStyle()
                    case 1: style.bold = true
                    case 2: style.dim = true
                    case 4: style.underline = true
                    case 7: style.reverse = true
                    case 30...37: style.foreground = TerminalColor(UInt8(numbers[index] - 30))
                    case 90...97: style.foreground = TerminalColor(UInt8(numbers[index] - 90 + 8))
                    case 38:
                        style.foreground = TerminalColor(UInt8(numbers[index + 2]))
                        index += 2
                    default: unknown.append("SGR \(numbers[index])")
                    }
                    index += 1
                }
            case "h" where params == "?7", "l" where params == "?7":
                break  // autowrap, on and off around each frame: this grid never wraps
            default:
                unknown.append("CSI \(params)\(final)")
            }
        }
        flush(&self)
    }
}
