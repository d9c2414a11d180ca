/// A parsed JSON value with the line and column where it starts (for error messages).
///
/// TabKit parses JSON itself so that every error can name a line, a column and a key path,
/// and so that object keys keep their order. Values are `Sendable`.
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
        let line: Int
        let column: Int
        let value: JSONValue
    }

    let kind: Kind
    let line: Int
    let column: Int

    init(_ kind: Kind, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.line = line
        self.column = column
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
