import Logging
import TabModuleLoading

/// The permission prompt: a module that asks for what it was not granted waits on its tab for Allow or
/// Not now before its child starts (see `OutOfProcessModuleInstance.init(module:asking:…)`).
extension OutOfProcessModuleInstanceFactory {
    /// What `module` asks for and was not granted, when its tab must ask before it starts: nil with the
    /// sandbox off, when everything asked is granted, or after Not now in this session.
    func permissionsToAsk(for module: LoadedModule) -> [String]? {
        guard settings.sandbox != .off, !module.info.permissions.isEmpty,
            !declined.contains(Self.declineKey(module.info))
        else { return nil }
        let granted = grants.permissions(for: module.info).granted
        if granted.contains("unrestricted") { return nil }
        let missing = module.info.permissions.filter { !granted.contains($0) }
        return missing.isEmpty ? nil : missing
    }

    /// Whether a version of the module `name` runs now (a child started, not waiting on a prompt): a newer
    /// version that asks for more (an update, a rebuild) then runs with what the running one was granted,
    /// rather than taking the user's tab away to ask, until the rest is granted (`tabhost grant`, read at
    /// every child start, or the prompt in the next session).
    func isRunning(_ name: String) -> Bool {
        instances.contains { entry in
            guard let instance = entry.instance else { return false }
            return instance.moduleName == name && instance.isAlive && !instance.isAskingPermission && instance.failure == nil
        }
    }

    /// One line, once per version, for a module that runs without some of what it asks for (see `isRunning`).
    func reportAsksForMore(_ module: LoadedModule, _ missing: [String]) {
        let version = module.info.version ?? "this version"
        let key = module.info.name + "\u{0}" + version + "\u{0}" + missing.joined(separator: " ")
        guard reportedAsksForMore.insert(key).inserted else { return }
        let grant = "tabhost grant \(module.name) \(missing.joined(separator: " "))"
        let line = "\(version) asks for more than it was granted: \(ModulePermissions.phrases(missing)); it runs without that "
        logger.warning("\(line)until you grant it (\(grant)), or on its tab next time", metadata: ["module": "\(module.name)"])
    }

    /// The user answered a prompt of `module`: Allow keeps what it asks for in the grants store (one line
    /// if it cannot); Not now lets it run with what it has until the session ends. Every instance of
    /// the module that asks then starts.
    func answerPermissionRequest(of module: LoadedModule, allow: Bool) {
        let metadata: Logger.Metadata = ["module": "\(module.name)"]
        let asked = permissionsToAsk(for: module) ?? []
        if allow && !asked.isEmpty {
            allowForSession(asked, module: module)
            if let path = grants.storePath {
                var store = ModuleGrantStore(path: path)
                store.grant(asked, name: module.name, file: ModuleGrant.file(of: module.info))
                do throws(ModuleGrantStoreError) {
                    try store.save()
                    logger.info("granted \(asked.joined(separator: " ")) (kept in \(path))", metadata: metadata)
                } catch {
                    logger.error("granted \(asked.joined(separator: " ")) for this session only: \(error.description)", metadata: metadata)
                }
            } else {
                logger.info("granted \(asked.joined(separator: " ")) for this session", metadata: metadata)
            }
        } else if !allow {
            declined.insert(Self.declineKey(module.info))
            logger.info("not granted now: runs with what it was granted; asks again in the next session", metadata: metadata)
        }
        let asking = instances.compactMap(\.instance).filter { $0.module === module && $0.isAskingPermission }
        for instance in asking { instance.resumeAfterPermissionAnswer() }
        instancesChanged()
    }

    /// Grants `names` to `module` for the rest of the session, whatever the store says.
    private func allowForSession(_ names: [String], module: LoadedModule) {
        var session = grants.session[module.name] ?? []
        for name in names where !session.contains(name) { session.append(name) }
        grants.session[module.name] = session
    }

    private static func declineKey(_ info: ModuleInfo) -> String {
        info.name + "\u{0}" + ModuleGrant.file(of: info)
    }
}
