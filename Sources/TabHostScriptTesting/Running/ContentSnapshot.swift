import TabKit
import TerminalUI

/// The text form of a tab's content area as `snapshot` compares it: a format version line, the
/// content rows as text (trailing spaces trimmed), then one line per styled run, so that styles are
/// tested and a difference reads as text. The host's own title bar, tab bar and status line are left
/// out: they change with TabHost's versions, not with the module.
///
/// ```
/// tabhost-snapshot 1 80x21
/// | Compose
/// |  Send
/// styles
/// 1:2-8 bold
/// 2:2-30 focus
/// ```
public struct ContentSnapshot: Sendable, Hashable {
    /// The version of this format, on its first line.
    public static let formatVersion = 1

    /// The whole text, ending with a newline.
    public let text: String

    /// The snapshot of `frame`, which `screen` was drawn into.
    package init(frame: RenderedFrame, screen: Screen) {
        let grid = frame.grid
        let rows = Self.contentRows(of: screen, height: grid.height, width: grid.width)
        var lines = ["tabhost-snapshot \(Self.formatVersion) \(grid.width)x\(rows.count)"]
        for y in rows {
            var line = grid.line(y)
            while line.last == " " { line.removeLast() }
            lines.append("|" + line)
        }
        lines.append("styles")
        for (index, y) in rows.enumerated() {
            var x = 0
            while x < grid.width {
                let style = grid[x, y].style
                guard style != .plain else {
                    x += 1
                    continue
                }
                var end = x
                while end + 1 < grid.width, grid[end + 1, y].style == style { end += 1 }
                lines.append("\(index + 1):\(x + 1)-\(end + 1) \(Self.names(of: style))")
                x = end + 1
            }
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// The rows between the title bar (with its rule and a top tab bar) and a bottom tab bar or the
    /// status line, as `ScreenRenderer` lays them out.
    static func contentRows(of screen: Screen, height: Int, width: Int) -> Range<Int> {
        let roomy = height >= 10 && width >= 20
        var available = height - 1
        let hasBar = screen.tabBar != nil && available >= 2
        if hasBar { available -= 1 }
        let hasStatus = screen.status != nil && available >= 2
        let barAtTop = hasBar && screen.tabBar?.position == .top
        let top = 1 + (roomy ? 1 : 0) + (barAtTop ? 1 : 0)
        var bottom = height - (hasStatus ? 1 : 0)
        if hasBar && !barAtTop { bottom -= 1 + (roomy ? 1 : 0) }
        return top..<max(top, bottom)
    }

    /// `bold focus error`: the style's attributes, then its colour by what the renderer uses it for.
    static func names(of style: CellStyle) -> String {
        var names: [String] = []
        if style.bold { names.append("bold") }
        if style.dim { names.append("dim") }
        if style.underline { names.append("underline") }
        if style.reverse { names.append("focus") }
        if let color = style.foreground {
            switch color {
            case .red: names.append("error")
            case .yellow: names.append("warning")
            case .green: names.append("success")
            case .blue: names.append("blue")
            case .cyan: names.append("cyan")
            case .magenta: names.append("magenta")
            default: names.append("color-\(color.index)")
            }
        }
        return names.joined(separator: " ")
    }
}
