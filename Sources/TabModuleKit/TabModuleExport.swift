import CTabModule

/// Exports a ``TabModule`` type as this image's `tab_module_entry`.
public enum TabModuleExport {
    /// The `tab_module_descriptor` for `type`, built on the first call and kept for the life of the
    /// image (same pointer every time). Return it from the module's one-line export:
    ///
    /// ```swift
    /// @_cdecl("tab_module_entry") public func tabModuleEntry() -> UnsafeRawPointer? { TabModuleExport.entry(for: Counter.self) }
    /// ```
    ///
    /// Returns nil (the header's failure value) only if the image already exports too many types.
    public static func entry(for type: any TabModule.Type) -> UnsafeRawPointer? {
        ExportRegistry.descriptor(for: type).map(UnsafeRawPointer.init)
    }
}
