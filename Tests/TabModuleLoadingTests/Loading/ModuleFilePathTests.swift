import SystemPackage
import Testing

@testable import TabModuleLoading

/// The reader splits plain absolute paths in their bytes (the registry does it for every listed file
/// at start); every path must split exactly as `FilePath` splits it, fast path or not.
struct ModuleFilePathTests {
    static let paths: [(path: String, directory: String, name: String)] = [
        ("/m/clock.so", "/m", "clock.so"),
        ("/clock.so", "/", "clock.so"),
        ("/a/b/c/tweetie.so", "/a/b/c", "tweetie.so"),
        ("/a/b/.hidden.so", "/a/b", ".hidden.so"),
        ("/a/b/caf\u{E9}.so", "/a/b", "caf\u{E9}.so"),
        // Not plain: FilePath's rules (trailing slash, "//", relative, bare name).
        ("/a//b.so", "/a", "b.so"),
        ("/a/b/", "/a", "b"),
        ("a/b.so", "a", "b.so"),
        ("b.so", ".", "b.so"),
    ]

    @Test(arguments: paths)
    func splitsAsFilePath(_ path: String, _ directory: String, _ name: String) {
        #expect(ModuleFileReader.parentDirectory(of: path) == directory)
        #expect(ModuleFileReader.baseName(of: path) == name)
        let file = FilePath(path)
        #expect(ModuleFileReader.baseName(of: path) == file.lastComponent?.string)
        let parent = file.removingLastComponent()
        #expect(ModuleFileReader.parentDirectory(of: path) == (parent.isEmpty ? "." : parent.string))
    }
}
