import TabHostFuzz

#if canImport(Glibc)
import Glibc
#endif

// libFuzzer's `main` calls these two. The target is picked by TABHOST_FUZZ_TARGET (Scripts/fuzz sets
// it), so one build serves every target.

/// The target this process fuzzes, set once before the first input.
nonisolated(unsafe) private var selected: FuzzTarget?

/// Picks the target named by TABHOST_FUZZ_TARGET, or lists the names and exits 2.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    let name = getenv("TABHOST_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        let line = Array("tabhost-fuzz: set TABHOST_FUZZ_TARGET to one of: \(names)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(2)
    }
    selected = target
    return 0
}

/// Runs one input through the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}
