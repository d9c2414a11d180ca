import ArgumentParser
import FoundationEssentials
import TabModuleBundle

/// `--wait SECONDS` of `tabhost update` and `tabhost rollback`: how long to wait for each running host
/// that shows a changed module to say what it did with the new version, and the lines that say it.
struct ReloadWaitOption: ParsableArguments {
    @Option(
        name: .customLong("wait"),
        help: ArgumentHelp(
            "How long to wait for running hosts showing the module to reload it (default 10; 0 does not wait).",
            valueName: "SECONDS"))
    var seconds: Double = 10

    func validate() throws {
        guard seconds >= 0, seconds <= 600 else { throw ValidationError("--wait: give 0 to 600 seconds") }
    }

    /// The hosts showing each of `names` now, with the installed versions (call before the change).
    func before(_ names: [String], in directory: String) -> (hosts: [RunningHostReloads], versions: [String: String]) {
        (names.map { RunningHostReloads(name: $0, directory: directory) }, Self.versions(names, in: directory))
    }

    /// The installed version of each of `names` that has one.
    static func versions(_ names: [String], in directory: String) -> [String: String] {
        guard let installed = try? InstalledBundles(path: directory, create: false) else { return [:] }
        var versions: [String: String] = [:]
        for name in names {
            if let bundle = try? installed.bundle(named: name) { versions[name] = "\(bundle.manifest.version)" }
        }
        return versions
    }

    /// The installed bundles' names in `directory` (hidden entries are not bundles).
    static func installedNames(in directory: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Waits for the hosts of the modules in `changed` (one deadline for all), prints a line for each
    /// host, and returns true when every one of them runs the new version (or none shows it).
    func report(_ hosts: [RunningHostReloads], changed: Set<String>) -> Bool {
        guard seconds > 0 else { return true }
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var allReloaded = true
        for host in hosts where changed.contains(host.name) && !host.hosts.isEmpty {
            for answer in host.wait(deadline: max(.zero, end - .now)) {
                writeStandardOutput("\(host.name): \(answer.line)")
                allReloaded = allReloaded && answer.reloaded
            }
        }
        return allReloaded
    }
}
