extension ModulePermissions {
    /// What granting `name` lets a module do, as the permission prompt and `tabhost permissions` say it:
    /// "connect to the network", "read ~/Documents".
    public static func phrase(_ name: String) -> String {
        switch name {
        case "network": return "connect to the network"
        case "system": return "read all of /proc and /sys (other processes, hardware)"
        case "exec": return "run the system's programs"
        case "unrestricted": return "run with no sandbox at all"
        default:
            if name.hasPrefix("read:") { return "read \(name.dropFirst(5))" }
            if name.hasPrefix("write:") { return "read and write \(name.dropFirst(6))" }
            return name
        }
    }

    /// "connect to the network; read ~/Documents": every phrase of `names`, in order.
    public static func phrases(_ names: [String]) -> String {
        names.map(phrase).joined(separator: "; ")
    }
}
