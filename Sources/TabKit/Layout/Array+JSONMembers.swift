/// Looking up an object's members by key.
extension Array where Element == JSONValue.Member {
    /// The value of the member `key`, if any (a layout object has a few keys: a scan beats a
    /// dictionary built for each one).
    subscript(key: String) -> JSONValue? {
        for member in self where member.key == key { return member.value }
        return nil
    }
}
