extension ModuleFileReader {
    /// Whether `path` has the shape of an installed bundle's module file, `DIR/NAME/NAME.so`; only its
    /// manifest says whether it is one. A start and `tabhost list` ask for every module file, nearly all
    /// plain: told from the contiguous UTF-8 bytes, where the generic walk of a String.UTF8View costs several
    /// times more (a non-contiguous string is made contiguous first).
    package static func mayBeBundleModuleFile(_ path: String) -> Bool {
        bundleShape(of: path) != nil
    }

    /// The parts of a path shaped `PARENT/NAME/NAME.so` (an installed bundle's module file): the
    /// bundle's directory, `PARENT/NAME`; its name; and `PARENT` ("/" for `/NAME/NAME.so`). Nil for
    /// any other shape (NAME is never empty).
    package static func bundleParts(of path: String) -> (directory: String, name: String, parent: String)? {
        guard let shape = bundleShape(of: path) else { return nil }
        let bytes = Array(path.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let parent = shape.parentSlash == 0 ? "/" : text(0..<shape.parentSlash)
        return (text(0..<shape.slash), text((shape.parentSlash + 1)..<shape.slash), parent)
    }

    /// The byte offsets of the last two slashes of a `…/NAME/NAME.so` path.
    private static func bundleShape(of path: String) -> (parentSlash: Int, slash: Int)? {
        if let shape = path.utf8.withContiguousStorageIfAvailable(bundleShape) { return shape }
        var contiguous = path
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable(bundleShape) ?? nil
    }

    private static func bundleShape(_ path: UnsafeBufferPointer<UInt8>) -> (parentSlash: Int, slash: Int)? {
        let count = path.count
        let slashByte = UInt8(ascii: "/")
        guard count > 3, path[count - 3] == UInt8(ascii: "."), path[count - 2] == UInt8(ascii: "s"),
            path[count - 1] == UInt8(ascii: "o"), let slash = path.lastIndex(of: slashByte), count - slash > 4,
            let parentSlash = path[..<slash].lastIndex(of: slashByte),
            path[(parentSlash + 1)..<slash].elementsEqual(path[(slash + 1)..<(count - 3)])
        else { return nil }
        return (parentSlash, slash)
    }
}
