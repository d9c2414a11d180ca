import CTabModule

extension ModuleScanReport {
    /// The report a scan of that version of the file gave, rebuilt from the metadata cache's entry
    /// (which was made from such a report or from the host's own load): opened, with an entry point
    /// and a complete descriptor.
    init(cached info: ModuleInfo) {
        var fields = Descriptor(magic: TAB_MODULE_MAGIC, structSize: info.structSize, isComplete: true)
        fields.abiMajor = info.abiMajor
        fields.abiMinor = info.abiMinor
        fields.kind = info.kind.rawValue
        fields.name = Array(info.name.utf8)
        fields.version = info.version.map { Array($0.utf8) }
        fields.title = Array(info.title.utf8)
        fields.image = info.declaredImage.map { Array($0.utf8) }
        fields.glyph = info.glyph.map { Array($0.utf8) }
        fields.functions = info.functions.rawValue
        // Without them the module would run with its grants but never ask for what it lacks.
        fields.permissions = info.permissions.isEmpty ? nil : Array(info.permissions.joined(separator: " ").utf8)
        self.init(opened: true, loaderMessage: nil, hasEntry: true, descriptor: fields)
    }
}
