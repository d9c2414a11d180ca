/// One styled run of a paragraph (``View/spans(_:)``, ABI 1.3): `@user` in bold inside a line.
public struct Span: Sendable, Hashable {
    /// The run's text.
    public var text: String
    /// How it is drawn.
    public var style: TextStyle

    /// A run of `text` in `style`.
    public init(_ text: String, style: TextStyle = []) {
        self.text = text
        self.style = style
    }
}
