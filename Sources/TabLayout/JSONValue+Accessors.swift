import TabKit

/// Typed reads of parsed JSON, nil when the value is of another kind.
extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? { if case .string(let s) = kind { s } else { nil } }
    var intValue: Int? { if case .number(let n) = kind, n == n.rounded(), abs(n) < 1e9 { Int(n) } else { nil } }
}
