import TabModuleIsolation

/// What a script needs of the kernel's sandbox: a `grant` means something only where the layer that
/// withholds the permission without it is in force; elsewhere granted and not granted behave alike, and
/// a pass would say nothing, so the script is skipped with the reason instead.
enum SandboxNeeds {
    /// Why a script granting `grants` cannot be tested under the sandbox `report` describes; nil when it can.
    static func skipReason(grants: [String], report: ModuleSandboxReport) -> String? {
        // No layer withholds anything from an unrestricted module.
        if grants.contains("unrestricted") { return nil }
        let seccomp = report.enforcesSeccomp
        let abi = report.landlockABI
        for grant in grants {
            let lacking: String?
            switch grant {
            case "network":
                lacking = !seccomp ? "seccomp" : abi < 4 ? "Landlock's TCP rules (Landlock ABI 4; this kernel offers \(abi))" : nil
            case "exec":
                lacking = seccomp ? nil : "seccomp"
            default:
                // `system`, `read:PATH` and `write:PATH` lift Landlock's filesystem rules.
                lacking = abi < 1 ? "Landlock" : nil
            }
            if let lacking {
                return "this kernel's sandbox lacks \(lacking), which withholds what `grant \(grant)` allows"
            }
        }
        return nil
    }

    /// A note for a script that runs where refusals cannot fail it; nil where they can.
    static func note(report: ModuleSandboxReport) -> String? {
        guard !report.enforcesSeccomp else { return nil }
        return "this kernel's sandbox lacks seccomp: a program or network use the script does not grant cannot fail it"
    }
}
