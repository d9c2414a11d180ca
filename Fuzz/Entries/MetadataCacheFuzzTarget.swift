import TabModuleLoading

extension FuzzTarget {
    /// The metadata cache file's decoder on any bytes, as `tabhost` reads `$XDG_CACHE_HOME/tabhost/modules.cache`
    /// at start; whatever it accepts must survive its own encoder unchanged (a cache rewritten after a start
    /// must say what the one read said).
    static let metadataCache = FuzzTarget(
        "metadata-cache", "metadata cache file reader (ModuleMetadataCacheFile(decoding:), then encoded() round trip)"
    ) { bytes in
        guard let file = try? ModuleMetadataCacheFile(decoding: bytes) else { return }
        let again = try? ModuleMetadataCacheFile(decoding: file.encoded())
        precondition(again == file, "a decoded metadata cache did not survive encoded()")
    }
}
