import TabModuleBundle
import TabModuleLoading
import Testing

/// The manifest against a `.so`'s descriptor: name, version, ABI and permissions must agree.
@Suite struct ManifestDescriptorTests {
    private func info(
        name: String = "clock", version: String? = "1.4.0", minor: UInt32 = 2, permissions: [String] = ["read:~/Documents", "network"]
    )
        -> ModuleInfo
    {
        ModuleInfo(
            name: name, version: version, title: "Clock", glyph: nil, declaredImage: nil, imagePath: nil, kind: .content, abiMajor: 1,
            abiMinor: minor, structSize: 0, functions: [], sourcePath: "/x/clock.so", containsSwift: false, permissions: permissions)
    }

    private func manifest() throws -> BundleManifest {
        try BundleManifest.decode(Array(BundleManifestTests.json().utf8), path: "clock.tabmod")
    }

    @Test func aMatchingDescriptorAgreesWhateverTheOrderOfItsPermissions() throws {
        try manifest().checkAgrees(with: info(), file: "x86_64-linux-gnu/clock.so", bundle: "clock.tabmod")
    }

    @Test(arguments: [
        (0, "the module is named \"clocks\", manifest.json says \"clock\""),
        (1, "the module's version is \"1.4.1\", manifest.json says 1.4.0"),
        (2, "the module's descriptor has no version; manifest.json says 1.4.0"),
        (3, "the module is built for ABI 1.1, manifest.json says 1.2"),
        (4, "the module asks for network exec, manifest.json lists network read:~/Documents"),
    ])
    func aDisagreementIsRefusedWithOneLine(change: Int, says: String) throws {
        let descriptors = [
            info(name: "clocks"), info(version: "1.4.1"), info(version: nil), info(minor: 1), info(permissions: ["network", "exec"]),
        ]
        let error = #expect(throws: BundleError.self) {
            try manifest().checkAgrees(with: descriptors[change], file: "x86_64-linux-gnu/clock.so", bundle: "clock.tabmod")
        }
        #expect(error?.code == .descriptorMismatch)
        let hint = "the bundle does not describe its own module; pack it again with tabhost pack"
        #expect(error?.description == "clock.tabmod: entry \"x86_64-linux-gnu/clock.so\": \(says); \(hint)")
    }
}
