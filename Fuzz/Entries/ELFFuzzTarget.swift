import TabModuleLoading

extension FuzzTarget {
    /// The ELF checker on a whole module file's bytes, as the loader runs it before any `dlopen`.
    static let elf = FuzzTarget("elf", "ELF checker (ELFFacts.check: header, program and section headers, Swift sections)") { bytes in
        _ = try? ELFFacts.check(bytes, path: "/fuzz/module.so")
    }
}
