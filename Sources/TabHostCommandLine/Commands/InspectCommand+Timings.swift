import ArgumentParser
import FoundationEssentials

extension InspectCommand {
    /// `--timings`: each running host's table of the module's calls (JSON: an array of them); one line
    /// and exit status 1 when no running host has called it.
    func printTimings() throws {
        let found = RunningHostTimings.find(module: target)
        guard !found.isEmpty else {
            writeStandardError(
                "\(target): no running host has called this module (timings come from a running tabhost run or dev, "
                    + "a second after its calls; start one that shows \(target))")
            throw ExitCode(1)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(found)
            writeStandardOutputJSON(String(decoding: data, as: UTF8.self))
        } else {
            writeStandardOutputLines(found.map(\.text).joined(separator: "\n"), terminator: "")
        }
    }
}
