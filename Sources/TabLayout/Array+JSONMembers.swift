import TabKit

/// Looking up an object's members by key.
extension Array where Element == JSONValue.Member {
    /// The value of the member `key`, if any (a layout object has a few keys: a scan beats a
    /// dictionary built for each one). `key` is one of the reader's ASCII keys.
    subscript(key: String) -> JSONValue? {
        withUnsafeBufferPointer { members in
            for i in members.indices where Self.isKey(members[i].key, key) { return members[i].value }
            return nil
        }
    }

    /// Whether `memberKey` is `key`, one of the reader's keys: ASCII, none with a character that a
    /// non-ASCII one is canonically equivalent to (K, ';' and '`' are: KELVIN SIGN, GREEK QUESTION
    /// MARK, GREEK VARIA), so equal keys have equal lengths and the length, free on a string,
    /// turns away most keys before a comparison.
    static func isKey(_ memberKey: String, _ key: String) -> Bool {
        memberKey.utf8.count == key.utf8.count && memberKey == key
    }
}
