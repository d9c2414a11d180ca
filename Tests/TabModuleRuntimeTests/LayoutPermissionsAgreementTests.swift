import TabLayout
import TabModuleLoading
import Testing

/// A layout node grants with the same names and the same rule as a descriptor asks with:
/// `LayoutPermissions` (TabLayout, which may not import the loader) and `ModulePermissions` agree.
struct LayoutPermissionsAgreementTests {
    @Test(arguments: [
        "network", "system", "exec", "unrestricted", "read:/", "read:/etc/hosts", "write:~/notes", "read:~/", "read:~",
        "read:relative", "write:", "Network", "net", "", " network", "read:/a\tb", "read:/a\nb", "write:/ü", "exec:/bin/sh",
        String(repeating: "x", count: 100),
    ])
    func bothAcceptAndRefuseTheSameNames(name: String) {
        #expect(LayoutPermissions.problem(name) == ModulePermissions.problem(name))
    }
}
