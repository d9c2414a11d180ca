import _CIsolation

/// The child's first frame: magic, protocol version, pid.
package enum WireHello {
    /// Nil when `frame` is a HELLO of this protocol's major version, else why it is refused.
    package static func check(_ frame: WireFrame) -> String? {
        var reader = frame.reader
        guard frame.type == .hello, (try? reader.u32()) == TABHOST_WIRE_MAGIC, let major = try? reader.u16(),
            let minor = try? reader.u16()
        else { return "its process does not speak the module protocol" }
        guard major == TABHOST_WIRE_VERSION_MAJOR else {
            return "its process speaks protocol \(major).\(minor), this host \(TABHOST_WIRE_VERSION_MAJOR).\(TABHOST_WIRE_VERSION_MINOR)"
        }
        return nil
    }
}
