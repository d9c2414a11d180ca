import FoundationEssentials

/// The JSON object `tabhost inspect --json` prints (and `list --json` one per file): the module's fields
/// or the refusal, for `inspect` what it was `granted`, what is `missing` and the `grantCommand` that
/// grants it (null when nothing is), `runningHosts`, `cached` when a cache was asked, and `bundle` for a
/// file of an installed bundle. Absent optional fields are written as `null`, so a reader sees every key of
/// an accepted module.
extension InspectReport: Encodable {
    private enum Key: String, CodingKey {
        case file, status, code, reason, fix, name, version, title, glyph, kind, image, imagePath
        case abiMajor, abiMinor, structSize, functions, containsSwift, permissions, granted, missing, grantCommand
        case runningHosts, cached, bundle
    }

    /// The `bundle` object: the installed bundle's version, signer and the permissions its manifest lists.
    private struct BundleObject: Encodable {
        var directory: String
        var version: String
        var keyID: String?
        var publisherKey: String?
        var signed: Bool
        var permissions: [String]
    }

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        if let error {
            try object.encode(error.path, forKey: .file)
            try object.encode("rejected", forKey: .status)
            try object.encode(error.code.name, forKey: .code)
            try object.encode(error.reason, forKey: .reason)
            try object.encode(error.hint, forKey: .fix)
        } else if let info = module {
            try object.encode(info.sourcePath, forKey: .file)
            try object.encode("accepted", forKey: .status)
            try object.encode(info.name, forKey: .name)
            try object.encode(info.version, forKey: .version)
            try object.encode(info.title, forKey: .title)
            try object.encode(info.glyph, forKey: .glyph)
            try object.encode(info.kind.description, forKey: .kind)
            try object.encode(info.declaredImage, forKey: .image)
            try object.encode(info.imagePath, forKey: .imagePath)
            try object.encode(Int(info.abiMajor), forKey: .abiMajor)
            try object.encode(Int(info.abiMinor), forKey: .abiMinor)
            try object.encode(Int(info.structSize), forKey: .structSize)
            try object.encode(info.functions.cNames, forKey: .functions)
            try object.encode(info.containsSwift, forKey: .containsSwift)
            try object.encode(info.permissions, forKey: .permissions)
            if let granted {
                try object.encode(granted, forKey: .granted)
                try object.encode(missing, forKey: .missing)
                try object.encode(grantCommand, forKey: .grantCommand)
            }
        }
        if let bundle {
            let manifest = bundle.manifest
            try object.encode(
                BundleObject(
                    directory: bundle.directory, version: manifest.version.description, keyID: bundle.keyID?.description,
                    publisherKey: bundle.publisherKey?.base64, signed: bundle.keyID != nil, permissions: manifest.permissions),
                forKey: .bundle)
        }
        try object.encode(runningHosts, forKey: .runningHosts)
        try object.encodeIfPresent(fromCache, forKey: .cached)
    }
}
