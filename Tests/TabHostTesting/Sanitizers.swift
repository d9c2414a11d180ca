import Foundation

/// Which sanitizer this test process runs under (`swift test --sanitize=address|thread`), read from the
/// runtime linked into it. The built binaries the tests run come from the same build directory, so they
/// carry the same one. Memory measurements and valgrind mean nothing under a sanitizer.
public enum Sanitizers {
    /// AddressSanitizer's runtime is in this process.
    public static let address = runtimeHas("__asan_init")
    /// ThreadSanitizer's runtime is in this process.
    public static let thread = runtimeHas("__tsan_init")
    /// Either one.
    public static var any: Bool { address || thread }

    /// True when `symbol` resolves in the process (RTLD_DEFAULT is the null handle).
    private static func runtimeHas(_ symbol: String) -> Bool { dlsym(nil, symbol) != nil }
}
