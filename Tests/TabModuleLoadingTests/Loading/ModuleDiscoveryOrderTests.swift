import TabHostTesting
import Testing

@testable import TabModuleLoading

/// The order of a directory's module files: byte order of their names, whatever the names share.
@Suite(.blocking)
struct ModuleDiscoveryOrderTests {
    @Test func filesAreListedInByteOrderOfTheirNames() throws {
        let fixture = try Fixture()
        // Names that share their first eight bytes, names shorter than eight bytes that begin longer ones,
        // upper case before lower case, and a name beyond ASCII.
        let names = [
            "mod-00010.so", "mod-0001.so", "mod-0001a.so", "mod-0002.so", "abcdefgh-2.so", "abcdefgh.so", "abcdefg.so",
            "ab.so", "a.so", "Z.so", "zz.so", "\u{E9}t\u{E9}.so", "mod-0001-b.so",
        ]
        for name in names { try fixture.write(name, text: "x") }
        let expected = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(fixture.path)
        #expect(try ModuleDiscovery.files(in: ModuleDirectory(fixture.directory)) == expected)
    }

    /// A large listing, in runs of names that share their first eight bytes and names that share none,
    /// created in a shuffled order.
    @Test func aLargeListingIsInByteOrder() throws {
        let fixture = try Fixture()
        var generator = SystemRandomNumberGenerator()
        var names = (0..<300).map { "shared-\($0 % 3)-\(UInt32.random(in: 0...UInt32.max, using: &generator)).so" }
        names += (0..<300).map { String(format: "%08x", $0 * 7919) + ".so" }
        names.shuffle(using: &generator)
        for name in Set(names) { try fixture.write(name, text: "x") }
        let expected = Set(names).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(fixture.path)
        #expect(try ModuleDiscovery.files(in: ModuleDirectory(fixture.directory)) == expected)
    }
}
