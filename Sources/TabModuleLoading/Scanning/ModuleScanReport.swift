/// What the scanner child found in a file: what the host's loader and validator need, so the host
/// need not open the file itself.
package struct ModuleScanReport: Sendable {
    /// The descriptor's fields as the child read them.
    package struct Descriptor: Sendable {
        package var magic: UInt32
        package var structSize: UInt32
        /// False when the magic is wrong or the struct smaller than v1: nothing more was read.
        package var isComplete: Bool
        package var abiMajor: UInt32 = 0
        package var abiMinor: UInt32 = 0
        package var kind: UInt32 = 0
        package var name: [UInt8]?
        package var version: [UInt8]?
        package var title: [UInt8]?
        package var image: [UInt8]?
        package var glyph: [UInt8]?
        /// `ModuleFunctions` bits of the non-NULL function pointers.
        package var functions: UInt32 = 0
        /// Bit i: `reserved[i]` is not NULL.
        package var reserved: UInt32 = 0
        /// `permissions` (ABI 1.2): its bytes (at most `TAB_MAX_PERMISSIONS_BYTES` + 1, so a longer
        /// one is still refused), read only when `structSize` holds the field; nil for NULL.
        package var permissions: [UInt8]?

        /// The fields read first; the rest only when `isComplete`.
        package init(magic: UInt32, structSize: UInt32, isComplete: Bool) {
            self.magic = magic
            self.structSize = structSize
            self.isComplete = isComplete
        }
    }

    /// The dynamic loader opened the file.
    package var opened: Bool
    /// The loader's message when it did not.
    package var loaderMessage: String?
    /// `tab_module_entry` was found.
    package var hasEntry: Bool
    /// What the entry point returned; nil for NULL (or when there was no entry point).
    package var descriptor: Descriptor?

    /// A report of a file the loader could not open (`opened` false) or opened.
    package init(opened: Bool, loaderMessage: String?, hasEntry: Bool, descriptor: Descriptor?) {
        self.opened = opened
        self.loaderMessage = loaderMessage
        self.hasEntry = hasEntry
        self.descriptor = descriptor
    }
}
