/// A key the terminal reported.
public enum Key: Sendable, Hashable {
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Shift and arrow left.
    case shiftLeft
    /// Shift and arrow right.
    case shiftRight
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Tab.
    case tab
    /// Shift-Tab (CSI Z).
    case backTab
    /// Enter (CR or LF).
    case enter
    /// A lone Escape.
    case escape
    /// Backspace (0x7F or 0x08).
    case backspace
    /// Delete (CSI 3 ~).
    case delete
    /// Ctrl plus a letter, given as the lowercase letter (Ctrl-L is `.control("l")`).
    case control(Character)
    /// A printable character (digits, letters, any UTF-8 scalar).
    case character(Unicode.Scalar)
    /// Alt (Meta) plus a printable character, sent as ESC and the character in one read
    /// (Alt-B and Alt-F move by words in a text field).
    case alt(Unicode.Scalar)
    /// Alt-Enter (ESC CR): opens the focused row's actions.
    case altEnter
    /// Alt- or Ctrl-Left (CSI 1;3D, CSI 1;5D): a word to the left in a text field.
    case wordLeft
    /// Alt- or Ctrl-Right (CSI 1;3C, CSI 1;5C): a word to the right in a text field.
    case wordRight
}
