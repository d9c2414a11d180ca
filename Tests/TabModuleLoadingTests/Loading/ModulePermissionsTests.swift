import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// The descriptor's `permissions` (ABI 1.2): read from a 1.2 descriptor, kept in `ModuleInfo`, never
/// read from an older one (whose struct may end before the field). Bad strings: `LoadingBadInputTests`.
@Suite(.blocking)
struct ModulePermissionsTests {
    private func load(_ source: ModuleSource) throws -> ModuleInfo {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer {
            cache.removeAll()
            fixture.remove()
        }
        let module = try ModuleLoader(copies: cache).load(try fixture.compile("perm.so", source: source.text))
        defer { module.close() }
        return module.info
    }

    @Test(arguments: [
        ("\"network read:~/notes\"", ["network", "read:~/notes"]),
        ("\"  system   exec write:/tmp/x unrestricted \"", ["system", "exec", "write:/tmp/x", "unrestricted"]),
        ("\"\"", []),
        ("NULL", []),
    ])
    func permissionsAreReadFromA12Descriptor(_ expression: String, _ names: [String]) throws {
        #expect(try load(ModuleSource().with("permissions", expression)).permissions == names)
    }

    @Test func anOlderModulesPermissionsAreNeverRead() throws {
        // abi_minor 1: the field is not the module's, whatever it holds.
        let old = ModuleSource().with("abi_minor", "1").with("permissions", #""bogus""#)
        #expect(try load(old).permissions == [])
        // A v1-sized struct: the field lies past the module's descriptor.
        let small = ModuleSource().with("struct_size", "\(TabModuleABI.descriptorSize)").with("permissions", #""bogus""#)
        #expect(try load(small).permissions == [])
    }

    @Test func theLimitIsTheHeadersAndAStringOfExactlyItIsAccepted() throws {
        #expect(ModulePermissions.maximumBytes == 4096)
        // 511 × "network " + "network" + one space = 4096 bytes.
        let text = String(repeating: "network ", count: 511) + "network "
        #expect(text.utf8.count == 4096)
        #expect(try load(ModuleSource().with("permissions", "\"\(text)\"")).permissions.count == 512)
    }

    @Test(arguments: ["read:", "write:relative", "camera", "read:~notes", "Network"])
    func badNamesHaveAProblem(_ name: String) {
        #expect(ModulePermissions.problem(name) != nil)
    }
}
