import CTabModule

/// The module ABI version this host implements (from `tab_module.h`).
public enum TabModuleABI {
    /// `TAB_MODULE_ABI_MAJOR`: a module's `abi_major` must equal it.
    public static let major = UInt32(TAB_MODULE_ABI_MAJOR)
    /// `TAB_MODULE_ABI_MINOR`: a module's `abi_minor` must not exceed it.
    public static let minor = UInt32(TAB_MODULE_ABI_MINOR)
    /// The size of a v1 descriptor (up to and including `reserved`): the smallest `struct_size` accepted.
    public static let descriptorSize = UInt32(MemoryLayout<tab_module_descriptor>.offset(of: \.permissions)!)
    /// The size of a 1.2 descriptor, which ends with `permissions`.
    public static let descriptorSize12 = UInt32(MemoryLayout<tab_module_descriptor>.offset(of: \.list_row)!)
    /// The size of a 1.3 descriptor, which ends with `list_row`.
    public static let descriptorSize13 = UInt32(MemoryLayout<tab_module_descriptor>.size)
}
