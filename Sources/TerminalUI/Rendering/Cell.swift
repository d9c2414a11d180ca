/// One terminal cell: a character cluster, its display width and its style.
package struct Cell: Sendable, Hashable {
    /// The grapheme cluster drawn here; empty for the right half of a wide character.
    public var text: String
    /// 1 for a normal cell, 2 for the left half of a wide character, 0 for its right half.
    public var width: Int {
        get { Int(storedWidth) }
        set { storedWidth = Int8(clamping: newValue) }
    }
    /// `width` in a byte: a cell is then 24 bytes, not 32, and a 200×60 grid a quarter smaller.
    private var storedWidth: Int8
    /// How it is drawn.
    public var style: CellStyle

    /// Creates a cell.
    public init(text: String, width: Int = 1, style: CellStyle = .plain) {
        self.text = text
        self.storedWidth = Int8(clamping: width)
        self.style = style
    }

    /// The most UTF-8 bytes of a cell's text: a letter with a few combining marks, the longest emoji
    /// sequences; what a cluster holds beyond it is not drawn (terminals keep a few marks a cell too).
    public static let maximumBytes = 32

    /// A space in the plain style.
    public static let blank = Cell(text: " ")

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
