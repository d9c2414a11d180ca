/// Calls `body` with a C string for `string`, or with NULL when it is nil.
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// Copies a host-owned C string (valid only during the call) into a Swift string; NULL gives nil.
func copiedString(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}
