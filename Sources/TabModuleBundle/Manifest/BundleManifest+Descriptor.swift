import TabModuleLoading

extension BundleManifest {
    /// Checks that the manifest agrees with the descriptor of one of its `.so` files (`info`, read by the
    /// scanner child, never in the installer's process): the same name, version, ABI and permissions, as the
    /// issue asks when packing and when installing. `file` is the `.so`'s path in the bundle, for the message.
    public func checkAgrees(with info: ModuleInfo, file: String, bundle: String) throws(BundleError) {
        if let problem = descriptorProblem(info) {
            throw BundleError(
                .descriptorMismatch, path: bundle, reason: "entry \"\(file)\": \(problem)",
                hint: "the bundle does not describe its own module; pack it again with tabhost pack")
        }
    }

    /// Why the manifest and the descriptor `info` disagree, or nil when they agree.
    func descriptorProblem(_ info: ModuleInfo) -> String? {
        if info.name != name { return "the module is named \"\(info.name)\", manifest.json says \"\(name)\"" }
        guard let version = info.version else { return "the module's descriptor has no version; manifest.json says \(self.version)" }
        if version != self.version.description { return "the module's version is \"\(version)\", manifest.json says \(self.version)" }
        if "\(info.abiMajor).\(info.abiMinor)" != abi {
            return "the module is built for ABI \(info.abiMajor).\(info.abiMinor), manifest.json says \(abi)"
        }
        if Set(info.permissions) != Set(permissions) {
            let asked = info.permissions.isEmpty ? "nothing" : info.permissions.joined(separator: " ")
            let listed = permissions.isEmpty ? "nothing" : permissions.joined(separator: " ")
            return "the module asks for \(asked), manifest.json lists \(listed)"
        }
        return nil
    }
}
