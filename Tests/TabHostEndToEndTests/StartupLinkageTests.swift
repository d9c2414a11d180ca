import Foundation
import TabHostTesting
import Testing

/// What every `tabhost` start pays for before it does anything: the libraries the dynamic linker maps.
/// All of Foundation (with its ICU data) cost about 5 ms a start, and one `import Foundation` in a
/// product target, or a target with resources (SwiftPM's accessor imports it), would bring it back.
/// (An incremental debug build can keep a file's old autolink entries after an import changed; this
/// holds for a clean build, as CI's.) This is the debug build the tests run; release `tabhost` links the
/// runtime and FoundationEssentials statically, which Tests/Install checks on the installed binary.
@Suite(.blocking)
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

    /// OpenSSL (TLS for `serve --tls-cert`, through _CTLSShims) is linked into `tabhost-web` alone, which `serve`
    /// execs. The direct dependencies (`NEEDED`), so another library that brings OpenSSL along is its own question.
    @Test func onlyTabhostWebLinksOpenSSL() throws {
        func needed(_ path: String) throws -> [String] {
            let readelf = try run("/usr/bin/readelf", arguments: ["-d", path])
            #expect(readelf.succeeded, "\(readelf)")
            return readelf.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
        }
        let plain = try needed(Products.tabhost)
        let web = try needed(Products.directory + "/tabhost-web")
        #expect(plain.contains { $0.contains("libswiftCore.so") }, "\(plain)")  // the list is real
        #expect(!plain.contains { $0.contains("libssl.so") || $0.contains("libcrypto.so") }, "\(plain)")
        #expect(web.contains { $0.contains("[libssl.so") } && web.contains { $0.contains("[libcrypto.so") }, "\(web)")
    }

    /// Every module's child and every scanned file is a fork of `tabhost-module-host`, and a fork costs more
    /// the more the parent maps. It is C: swiftc's libstdc++ and libm are dropped, and libltdl is linked
    /// in (Linker/ModuleHost).
    @Test func theModuleHostMapsLibcAlone() throws {
        let readelf = try run("/usr/bin/readelf", arguments: ["-d", Products.path("tabhost-module-host")])
        #expect(readelf.succeeded, "\(readelf)")
        let needed = readelf.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap {
            $0.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
        #expect(needed.contains("libc.so.6"), "\(readelf.stdout)")  // the list is real
        #expect(!needed.contains { $0.hasPrefix("libstdc++") || $0.hasPrefix("libswiftCore") }, "\(needed)")
        #expect(!needed.contains { $0.hasPrefix("libltdl") }, "\(needed)")
        // libltdl is in the helper itself, not only missing from the list.
        let symbols = try run("/usr/bin/nm", arguments: [Products.path("tabhost-module-host")])
        // Local (t) where -static-stdlib's --exclude-libs hides an archive's symbols.
        #expect(
            symbols.stdout.contains(" t lt_dlopenadvise\n") || symbols.stdout.contains(" T lt_dlopenadvise\n"),
            "no lt_dlopenadvise in the helper")
        // A sanitizer's runtime calls into libm, and keeps it.
        if !Sanitizers.any { #expect(!needed.contains { $0.hasPrefix("libm.") }, "\(needed)") }
    }
}
