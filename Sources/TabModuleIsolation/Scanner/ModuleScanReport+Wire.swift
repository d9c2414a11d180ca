import TabModuleLoading

extension ModuleScanReport {
    /// Parses a SCAN reply.
    package init(_ reader: inout WireReader) throws(WireReader.Malformed) {
        let opened = try reader.u8() != 0
        let loaderMessage = try reader.optionalString()
        let hasEntry = try reader.u8() != 0
        guard try reader.u8() != 0 else {
            self.init(opened: opened, loaderMessage: loaderMessage, hasEntry: hasEntry, descriptor: nil)
            return
        }
        var fields = Descriptor(magic: try reader.u32(), structSize: try reader.u32(), isComplete: try reader.u8() != 0)
        if fields.isComplete {
            fields.abiMajor = try reader.u32()
            fields.abiMinor = try reader.u32()
            fields.kind = try reader.u32()
            fields.name = try reader.optionalBytes()
            fields.version = try reader.optionalBytes()
            fields.title = try reader.optionalBytes()
            fields.image = try reader.optionalBytes()
            fields.glyph = try reader.optionalBytes()
            fields.functions = try reader.u32()
            fields.reserved = try reader.u32()
            fields.permissions = try reader.optionalBytes()
        }
        self.init(opened: opened, loaderMessage: loaderMessage, hasEntry: hasEntry, descriptor: fields)
    }
}
