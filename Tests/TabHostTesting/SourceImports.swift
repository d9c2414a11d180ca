import Foundation

/// One `import` line of a target's Swift sources.
public struct SourceImport: Sendable, CustomStringConvertible {
    /// The file, relative to the repository root.
    public var file: String
    /// The line number (from 1).
    public var line: Int
    /// The imported module (the top-level module of `import struct A.B`, `@testable import A`, `public import A`, …).
    public var module: String

    public var description: String { "\(file):\(line): import \(module)" }
}

/// The modules a target's sources import, for the tests that keep the targets' import rules.
public enum SourceImports {
    /// The repository's `Sources/TARGET` folder.
    public static func folder(of target: String) -> String { Products.repositoryRoot + "/Sources/" + target }

    /// True when the folder `Sources/TARGET` exists.
    public static func targetExists(_ target: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder(of: target), isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every `import` line of the Swift files under `Sources/TARGET`, in file and line order.
    public static func imports(of target: String) throws -> [SourceImport] {
        var found: [SourceImport] = []
        for file in try swiftFiles(of: target) {
            let text = try String(contentsOfFile: folder(of: target) + "/" + file, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let module = importedModule(line) {
                    found.append(SourceImport(file: "Sources/\(target)/\(file)", line: index + 1, module: module))
                }
            }
        }
        return found
    }

    /// The module a source line imports, if it is an import declaration.
    public static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: \.isWhitespace)[...]
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first) {
            words = words.dropFirst()
        }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind) {
            words = words.dropFirst()
        }
        guard let path = words.first else { return nil }
        return String(path.split(separator: ".").first ?? path)
    }

    /// The Swift files under `Sources/TARGET`, relative to it, sorted.
    static func swiftFiles(of target: String) throws -> [String] {
        let root = folder(of: target)
        guard targetExists(target) else { return [] }
        guard let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] else {
            throw FixtureError("cannot list \(root)")
        }
        return all.filter { $0.hasSuffix(".swift") }.sorted()
    }
}
