/// What the scanner child found in a file: what the host's loader and validator need, so the host
/// need not open the file itself.
package struct ModuleScanReport: Sendable {
    /// The descriptor's fields as the child read them.
    package struct Descriptor: Sendable {
        var magic: UInt32
        var structSize: UInt32
        /// False when the magic is wrong or the struct smaller than v1: nothing more was read.
        var isComplete: Bool
        var abiMajor: UInt32 = 0
        var abiMinor: UInt32 = 0
        var kind: UInt32 = 0
        var name: [UInt8]?
        var version: [UInt8]?
        var title: [UInt8]?
        var image: [UInt8]?
        var glyph: [UInt8]?
        /// `ModuleFunctions` bits of the non-NULL function pointers.
        var functions: UInt32 = 0
        /// Bit i: `reserved[i]` is not NULL.
        var reserved: UInt32 = 0
    }

    /// The dynamic loader opened the file.
    var opened: Bool
    /// The loader's message when it did not.
    var loaderMessage: String?
    /// `tab_module_entry` was found.
    var hasEntry: Bool
    /// What the entry point returned; nil for NULL (or when there was no entry point).
    package var descriptor: Descriptor?

    /// Parses a SCAN reply.
    package init(_ reader: inout WireReader) throws(WireReader.Malformed) {
        opened = try reader.u8() != 0
        loaderMessage = try reader.optionalString()
        hasEntry = try reader.u8() != 0
        guard try reader.u8() != 0 else { return }
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
        }
        descriptor = fields
    }
}
