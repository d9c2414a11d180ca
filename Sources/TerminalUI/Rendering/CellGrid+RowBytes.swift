extension CellGrid {
    /// True when each cell of row `y` holds the same bytes here and in `other` (a grid of the same
    /// width), which makes the two rows equal. False says nothing: equal cells can differ in their bytes
    /// (a long cluster stored in two strings), so the caller then compares the row cell by cell. Most
    /// rows of a frame are the previous frame's, and comparing cells as values copies each one out.
    func rowHasSameBytes(_ y: Int, as other: CellGrid) -> Bool {
        precondition(width == other.width && y >= 0 && y < height && y < other.height)
        let stride = MemoryLayout<Cell>.stride
        return cells.withUnsafeBytes { mine in
            other.cells.withUnsafeBytes { theirs in
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return true }
                let first = y * width * stride
                for cell in 0..<width where !Self.sameBytes(a + first + cell * stride, b + first + cell * stride) {
                    return false
                }
                return true
            }
        }
    }

    /// True when the cells at `p` and `q` hold the same bytes: only a cell's `size` bytes count, not the
    /// padding up to its stride, which nothing initializes.
    @inline(__always)
    static func sameBytes(_ p: UnsafeRawPointer, _ q: UnsafeRawPointer) -> Bool {
        let size = MemoryLayout<Cell>.size
        var offset = 0
        while offset + 8 <= size {
            if p.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != q.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        if offset + 4 <= size {
            if p.loadUnaligned(fromByteOffset: offset, as: UInt32.self) != q.loadUnaligned(fromByteOffset: offset, as: UInt32.self) {
                return false
            }
            offset += 4
        }
        while offset < size {
            if p.load(fromByteOffset: offset, as: UInt8.self) != q.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    /// The first column of row `y` from which every cell is a plain blank (the width when the last one is
    /// not). A cell with a blank's bytes is one; another is compared as a value.
    func blankSuffixStart(ofRow y: Int) -> Int {
        precondition(y >= 0 && y < height)
        let blank = Cell.blank
        let stride = MemoryLayout<Cell>.stride
        return cells.withUnsafeBytes { all in
            withUnsafeBytes(of: blank) { model in
                guard let base = all.baseAddress, let blankBytes = model.baseAddress else { return 0 }
                var end = width
                while end > 0 {
                    let index = y * width + end - 1
                    guard Self.sameBytes(base + index * stride, blankBytes) || cells[index] == blank else { break }
                    end -= 1
                }
                return end
            }
        }
    }
}
