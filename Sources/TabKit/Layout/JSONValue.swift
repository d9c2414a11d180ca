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

    /// Serializes compactly (object keys in their stored order).
    var serialized: String {
        switch kind {
        case .object(let members):
            "{" + members.map { Self.quote($0.key) + ":" + $0.value.serialized }.joined(separator: ",") + "}"
        case .array(let items): "[" + items.map(\.serialized).joined(separator: ",") + "]"
        case .string(let s): Self.quote(s)
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Builds an object from key/value pairs (positions unknown).
    static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(pairs.map { Member(key: $0.0, line: 0, column: 0, value: $0.1) }))
    }

    /// A string, or null for nil.
    static func string(_ s: String?) -> JSONValue { s.map { JSONValue(.string($0)) } ?? JSONValue(.null) }
}
