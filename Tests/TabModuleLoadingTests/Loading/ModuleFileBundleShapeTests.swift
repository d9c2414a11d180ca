import Testing

@testable import TabModuleLoading

/// A module file's bundle shape, `PARENT/NAME/NAME.so`, read from its bytes: the parts of a path that
/// has it, nothing for one that does not (short, odd, or another name), whether or not the string's
/// UTF-8 is stored contiguously.
struct ModuleFileBundleShapeTests {
    @Test(arguments: [
        ("/m/clock/clock.so", "/m/clock", "clock", "/m"),
        ("/clock/clock.so", "/clock", "clock", "/"),
        ("m/é/é.so", "m/é", "é", "m"),
        ("/a/x.so/x/x.so", "/a/x.so/x", "x", "/a/x.so"),
    ])
    func aBundlesModuleFileHasItsParts(path: String, directory: String, name: String, parent: String) throws {
        let parts = try #require(ModuleFileReader.bundleParts(of: path))
        #expect(parts.directory == directory && parts.name == name && parts.parent == parent)
        #expect(ModuleFileReader.mayBeBundleModuleFile(path))
    }

    @Test(arguments: [
        "/m/clock.so", "/m/clock/other.so", "/m/clock/clock.sox", "/m/clocks/clock.so", "clock/clock.so", "/.so", ".so",
        "a.so", "/a.so", "//.so", "", "/", "/m/clock/.so",
    ])
    func anyOtherPathHasNone(path: String) {
        #expect(ModuleFileReader.bundleParts(of: path) == nil)
        #expect(!ModuleFileReader.mayBeBundleModuleFile(path))
    }

    /// A bridged or lazily stored string has no contiguous UTF-8 at first: the same answer.
    @Test func aNonContiguousStringIsReadTheSame() throws {
        let path = String(String.UnicodeScalarView("/m/clock/clock.so".unicodeScalars.reversed().reversed()))
        let parts = try #require(ModuleFileReader.bundleParts(of: path))
        #expect(parts.name == "clock")
        #expect(ModuleFileReader.bundleParts(of: String("/m/clock.so".reversed().reversed())) == nil)
    }
}
