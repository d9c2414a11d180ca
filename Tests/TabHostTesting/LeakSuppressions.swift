/// LeakSanitizer's suppressions for the test process under `swift test --sanitize=address`: the
/// ASan runtime linked into the test binary reads them from the hook below when it checks for leaks
/// at exit (its weak default has none), so a plain `swift test --sanitize=address` needs no
/// LSAN_OPTIONS. Only leaks inside third-party code the tests call, each with the evidence; product
/// code gets none.
public enum LeakSuppressions {
    /// One `leak:PATTERN` per line, matched against every frame of a leak's stack (names mangled).
    public static let text: StaticString = """
        leak:*FoundationEssentials17readBytesFromFile*
        leak:*Foundation7ProcessC3run*
        """
}

/// The runtime's hook (see `LeakSuppressions`).
/// - `readBytesFromFile`: swift-foundation's `String(contentsOfFile:)` loses its 4096-byte read buffer
///   for an empty file (the tests read tmux's often empty output files; each call leaks one buffer).
/// - `Process.run`: swift-corelibs-foundation's `Process.run()` forms a weak reference whose 32-byte
///   side table it never releases (once per process started).
@_cdecl("__lsan_default_suppressions")
public func lsanDefaultSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(LeakSuppressions.text.utf8Start).assumingMemoryBound(to: CChar.self)
}
