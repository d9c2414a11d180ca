import Foundation
import TabHostTesting
import Testing

/// What every `tabhost` start pays for before it does anything: the libraries the dynamic linker maps.
/// All of Foundation (with its ICU data) cost about 5 ms a start, and one `import Foundation` in a
/// product target, or a target with resources (SwiftPM's accessor imports it), would bring it back.
/// (An incremental debug build can keep a file's old autolink entries after an import changed; this
/// holds for a clean build, as CI's.) This is the debug build the tests run; release `tabhost` links the
/// runtime and FoundationEssentials statically, which Tests/Install checks on the installed binary.
struct StartupLinkageTests {
    @Test func tabhostLinksFoundationEssentialsButNotFoundationOrICU() throws {
        let ldd = try run("/usr/bin/ldd", arguments: [Products.tabhost])
        let text = ldd.stdout
        #expect(ldd.succeeded, "\(ldd)")
        let libraries = text.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        // The list is real: the libraries tabhost does need are in it.
        #expect(libraries.contains("libswiftCore.so"), "\(text)")
        #expect(libraries.contains("libFoundationEssentials.so"), "\(text)")
        #expect(!libraries.contains("libFoundation.so"), "\(text)")
        #expect(!libraries.contains { $0.hasPrefix("lib_FoundationICU") }, "\(text)")
        // Bundles: libsodium (keys, `keygen`, `trust`) is small and needs nothing else; libarchive would map
        // libxml2, ICU and libstdc++ at every start, so only TabModuleBundleArchive links it.
        #expect(libraries.contains { $0.hasPrefix("libsodium") }, "\(text)")
        #expect(!libraries.contains { $0.hasPrefix("libarchive") || $0.hasPrefix("libxml2") || $0.hasPrefix("libicu") }, "\(text)")
    }
}
