import Foundation

/// The modules a target's sources import, for the tests that keep front ends off the module runtime.
public enum SourceImports {
    /// The repository's `Sources/TARGET` folder.
    public static func folder(of target: String) -> String {
        Fixture.repoRoot + "/Sources/" + target
    }

    /// The Swift files under `folder` and every module they import (`import X`, `@testable import X`).
    public static func of(folder: String) throws -> (files: [String], imports: Set<String>) {
        guard let all = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] else {
            throw FixtureError("cannot list \(folder)")
        }
        let files = all.filter { $0.hasSuffix(".swift") }
        var imports: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                imports.insert(String(line.split(separator: " ").last!))
            }
        }
        return (files, imports)
    }
}
