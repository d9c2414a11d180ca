import Foundation

/// Pasting, as a terminal does it: the app gets the text between bracketed-paste markers when it
/// turned mode 2004 on.
extension TmuxSession {
    /// Pastes `text` into the pane through a tmux buffer (`paste-buffer -p`: bracketed when the
    /// application asked for it; newlines arrive as carriage returns, as from a real terminal).
    func pasteBracketed(_ text: String) throws {
        try Self.tmux(["-L", socket, "set-buffer", "-b", "test-paste", text])
        try Self.tmux(["-L", socket, "paste-buffer", "-p", "-d", "-b", "test-paste", "-t", name])
    }
}
