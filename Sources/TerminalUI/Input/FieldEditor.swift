/// The text of one text field as the terminal edits it, with the cursor between grapheme clusters.
///
/// The front end owns the editing (ABI 1.2): every change here is sent to the module whole.
/// Positions count characters (grapheme clusters), so a cursor never stands inside an accented
/// letter or an emoji; widths on screen come from `DisplayWidth`.
package struct FieldEditor: Sendable, Hashable {
    /// The text, as characters.
    public private(set) var characters: [Character]
    /// The cursor: the number of characters before it (0 ... `characters.count`).
    public private(set) var cursor: Int

    /// The most UTF-8 bytes a field holds (`TAB_MAX_FIELD_BYTES`); typing or pasting past it is dropped.
    public static let maximumBytes = 65_536

    /// An editor holding `text` with the cursor at its end.
    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The whole text.
    public var text: String { String(characters) }

    /// Replaces the text (the module's new value), the cursor at the end.
    public mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Inserts `string` at the cursor and moves the cursor after it; returns false when nothing fit.
    /// A combining mark typed on its own joins the character before the cursor.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        let room = Self.maximumBytes - text.utf8.count
        var inserted = ""
        for character in string {
            guard inserted.utf8.count + character.utf8.count <= room else { break }
            inserted.append(character)
        }
        guard !inserted.isEmpty else { return false }
        let before = String(characters[..<cursor]) + inserted
        let after = characters[cursor...]
        characters = Array(before + String(after))
        cursor = before.count
        return true
    }

    /// Deletes the character before the cursor (Backspace); false at the start.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        characters.remove(at: cursor - 1)
        cursor -= 1
        return true
    }

    /// Deletes the character after the cursor (Delete); false at the end.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < characters.count else { return false }
        characters.remove(at: cursor)
        return true
    }

    /// Deletes the word before the cursor (Ctrl-W): spaces, then the word's characters.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        let start = wordStart(before: cursor)
        guard start < cursor else { return false }
        characters.removeSubrange(start..<cursor)
        cursor = start
        return true
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    @discardableResult
    public mutating func deleteToLineStart() -> Bool {
        let start = lineStart(of: cursor)
        guard start < cursor else { return false }
        characters.removeSubrange(start..<cursor)
        cursor = start
        return true
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K).
    @discardableResult
    public mutating func deleteToLineEnd() -> Bool {
        let end = lineEnd(of: cursor)
        guard cursor < end else { return false }
        characters.removeSubrange(cursor..<end)
        return true
    }

    /// One character left; false at the start.
    @discardableResult
    public mutating func moveLeft() -> Bool {
        guard cursor > 0 else { return false }
        cursor -= 1
        return true
    }

    /// One character right; false at the end.
    @discardableResult
    public mutating func moveRight() -> Bool {
        guard cursor < characters.count else { return false }
        cursor += 1
        return true
    }

    /// To the start of the word before the cursor.
    public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// To the end of the word after the cursor.
    public mutating func moveWordRight() {
        var i = cursor
        while i < characters.count, !Self.isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count, Self.isWordCharacter(characters[i]) { i += 1 }
        cursor = i
    }

    /// To the start of the cursor's line (Home, Ctrl-A).
    public mutating func moveToLineStart() { cursor = lineStart(of: cursor) }

    /// To the end of the cursor's line (End, Ctrl-E).
    public mutating func moveToLineEnd() { cursor = lineEnd(of: cursor) }

    /// One line up (multiline fields), keeping the column in characters; false on the first line.
    @discardableResult
    public mutating func moveUp() -> Bool {
        let start = lineStart(of: cursor)
        guard start > 0 else { return false }
        let column = cursor - start
        let previousStart = lineStart(of: start - 1)
        cursor = min(previousStart + column, start - 1)
        return true
    }

    /// One line down (multiline fields), keeping the column in characters; false on the last line.
    @discardableResult
    public mutating func moveDown() -> Bool {
        let end = lineEnd(of: cursor)
        guard end < characters.count else { return false }
        let column = cursor - lineStart(of: cursor)
        cursor = min(end + 1 + column, lineEnd(of: end + 1))
        return true
    }

    private func lineStart(of position: Int) -> Int {
        var i = position
        while i > 0, characters[i - 1] != "\n" { i -= 1 }
        return i
    }

    private func lineEnd(of position: Int) -> Int {
        var i = position
        while i < characters.count, characters[i] != "\n" { i += 1 }
        return i
    }

    private func wordStart(before position: Int) -> Int {
        var i = position
        while i > 0, !Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    /// Letters, digits and marks make words; spaces and punctuation separate them.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
