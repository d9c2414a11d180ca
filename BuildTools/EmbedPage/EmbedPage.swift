import Foundation
import PackagePlugin

/// Generates `EmbeddedPage.swift` from every file of `Sources/TabHostWeb/Page/`: the browser page is
/// served from the binary, so neither a build directory's resource bundle nor an installed copy has to
/// be found at run time.
@main
struct EmbedPage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let page = target.directoryURL.appending(path: "Page")
        let names = try FileManager.default.contentsOfDirectory(atPath: page.path).filter { !$0.hasPrefix(".") }.sorted()
        let inputs = names.map { page.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPage.swift")
        return [
            .buildCommand(
                displayName: "Embedding the browser page",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path, "EmbeddedPage"] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
