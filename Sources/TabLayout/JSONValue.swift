import TabKit

/// A parsed JSON value with the byte offset where it starts (for error messages).
///
/// TabKit parses JSON itself so that every error can name a line, a column and a key path,
/// and so that object keys keep their order. The offset becomes a line and column through
/// `SourcePositions` only when an error names the value. Values are `Sendable`.
struct JSONValue: Sendable {
    /// The kinds of JSON values.
    enum Kind: Sendable {
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// One key of an object, with the key's own position.
    struct Member: Sendable {
        let key: String
        /// The byte offset of the key's opening quote.
        let offset: Int
        let value: JSONValue
    }

    let kind: Kind
    /// The byte offset of the value's first byte in the parsed document.
    let offset: Int

    init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// The JSON type's name, for "expected a string, found a number".
    var typeName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
