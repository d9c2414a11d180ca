import Foundation
import PackagePlugin

/// Generates `TabModuleHeader.swift` from `Sources/CTabModule/include/tab_module.h`, so the header
/// `tabhost new` writes into a scaffold is always the package's own, with no copy to keep in step.
@main
struct EmbedModuleHeader: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let header = context.package.directoryURL.appending(path: "Sources/CTabModule/include/tab_module.h")
        let output = context.pluginWorkDirectoryURL.appending(path: "TabModuleHeader.swift")
        return [
            .buildCommand(
                displayName: "Embedding tab_module.h",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path, "TabModuleHeader", header.path],
                inputFiles: [header],
                outputFiles: [output])
        ]
    }
}
