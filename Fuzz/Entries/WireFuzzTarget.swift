import TabModuleIsolation
import TabModuleLoading

extension FuzzTarget {
    /// The host's side of the isolation protocol on a byte stream from a child: frames are cut off
    /// it as `ModuleHostChannel` cuts them, and each is read as the host reads that type: a HELLO, a
    /// scan report (rebuilt into a descriptor and validated, as the scanner does), a render reply's
    /// view, a pushed FRAME's view, a failure's reason, notification fields.
    static let wire = FuzzTarget("wire", "isolation protocol decoder, host side (WireFrame.cut, WireHello, ModuleScanReport, WireViewTree)")
    {
        bytes in
        var rest = bytes[...]
        while let (frame, size) = try? WireFrame.cut(rest) {
            rest = rest.dropFirst(size)
            _ = WireHello.check(frame)
            _ = frame.failureMessage
            var reader = frame.reader
            _ = try? WireViewTree.decode(&reader, resourceDirectory: "/fuzz")
            // ABI 1.3's lazy lists: the same view with a window asked for (rows outside it are malformed).
            reader = frame.reader
            _ = try? WireViewTree.decode(&reader, resourceDirectory: "/fuzz", listWindows: ["fuzz": 5..<70, "": 0..<1])
            reader = frame.reader
            if let report = try? ModuleScanReport(&reader), let fields = report.descriptor {
                let scanned = ScannedDescriptor(fields)
                let file = CheckedModuleFile(path: "/fuzz/module.so", bytes: [], facts: ELFFacts(containsSwift: false))
                _ = try? DescriptorValidator.validate(scanned.pointer, file: file)
            }
            // A pushed FRAME: the instance id, its render's nanoseconds, then a view as render's reply carries it.
            reader = frame.reader
            if (try? reader.u64()) != nil, (try? reader.u64()) != nil { _ = try? WireViewTree.decode(&reader, resourceDirectory: "/fuzz") }
            reader = frame.reader
            _ = try? reader.u64()
            _ = try? reader.optionalString()
            _ = try? reader.i32()
            _ = try? reader.data()
        }
    }
}
