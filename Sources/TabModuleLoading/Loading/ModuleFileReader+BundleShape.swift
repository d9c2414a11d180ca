extension ModuleFileReader {
    /// Whether `path` has the shape of an installed bundle's module file, `DIR/NAME/NAME.so`; only its
    /// manifest says whether it is one. A start and `tabhost list` ask for every module file, nearly all
    /// plain: told from the contiguous UTF-8 bytes, where the generic walk of a String.UTF8View costs several
    /// times more (a non-contiguous string answers true, and the caller looks closer).
    package static func mayBeBundleModuleFile(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable(hasBundleShape) ?? true
    }

    private static func hasBundleShape(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = path.count
        let slashByte = UInt8(ascii: "/")
        guard count > 3, path[count - 3] == UInt8(ascii: "."), path[count - 2] == UInt8(ascii: "s"),
            path[count - 1] == UInt8(ascii: "o"), let slash = path.lastIndex(of: slashByte), count - slash > 3,
            let parentSlash = path[..<slash].lastIndex(of: slashByte)
        else { return false }
        return path[(parentSlash + 1)..<slash].elementsEqual(path[(slash + 1)..<(count - 3)])
    }
}
