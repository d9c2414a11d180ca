import TabKit

/// The laid-out content as the lines it takes on screen: a lazy list's rows not drawn stay one
/// `.placeholders` entry however many rows it stands for, so a list of any `count` costs what is drawn.
struct ContentLines {
    /// The entries, one line each except `.placeholders`, which take `count` lines.
    let lines: [ScreenRenderer.Line]
    /// The first screen line of each entry.
    let starts: [Int]
    /// Screen lines in total.
    let count: Int

    init(_ lines: [ScreenRenderer.Line]) {
        self.lines = lines
        var starts: [Int] = []
        starts.reserveCapacity(lines.count)
        var next = 0
        for line in lines {
            starts.append(next)
            next += Self.height(of: line)
        }
        self.starts = starts
        count = next
    }

    /// The lines `line` takes.
    static func height(of line: ScreenRenderer.Line) -> Int {
        switch line {
        case .placeholders(_, _, let count): max(0, count)
        case .styled(_, let inner): height(of: inner)
        default: 1
        }
    }

    /// The entry shown on screen line `index` (0 ≤ index < count) and the line within it.
    func entry(at index: Int) -> (index: Int, offset: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low, index - starts[low])
    }
}
