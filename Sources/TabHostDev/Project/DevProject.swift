import FoundationEssentials

/// A module project made by `tabhost new`, as `tabhost dev` builds it: C with its Makefile (`make` →
/// `NAME.so`), or Swift with its Package.swift (`swift build` → `.build/debug/libNAME.so`).
public struct DevProject: Sendable, Equatable {
    /// The project's language, from its build file.
    public enum Language: String, Sendable {
        /// A Makefile building `NAME.so`.
        case c = "C"
        /// A SwiftPM package with a dynamic library product.
        case swift = "Swift"
    }

    /// The project directory (absolute, no trailing slash).
    public let directory: String
    /// C or Swift.
    public let language: Language
    /// The Makefile's `NAME.so` target or the package's dynamic library product.
    public let name: String
    /// The build, run in its own process group (argv; the first is looked up in `PATH`).
    public let buildCommand: [String]
    /// The module file the build makes (absolute).
    public let builtFile: String

    /// Finds the project in `directory`: a Makefile makes it C, else a Package.swift makes it Swift.
    public static func detect(in directory: String) throws(DevError) -> DevProject {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let makefile = root + "/Makefile"
        let manifest = root + "/Package.swift"
        if let text = try? String(contentsOfFile: makefile, encoding: .utf8) {
            guard let name = cTarget(inMakefile: text) else {
                throw DevError(
                    .unknownModule,
                    "\(makefile): no NAME.so target; add one (as `tabhost new` writes it: `NAME.so: NAME.c tab_module.h`)")
            }
            return DevProject(
                directory: root, language: .c, name: name,
                buildCommand: ["make", "--no-print-directory", "-C", root, "\(name).so"], builtFile: "\(root)/\(name).so")
        }
        if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
            guard let name = dynamicProduct(inManifest: text) else {
                throw DevError(
                    .unknownModule,
                    "\(manifest): no dynamic library product; declare one: .library(name: \"NAME\", type: .dynamic, targets: […])")
            }
            return DevProject(
                directory: root, language: .swift, name: name,
                buildCommand: ["swift", "build", "--package-path", root, "--product", name],
                builtFile: "\(root)/.build/debug/lib\(name).so")
        }
        throw DevError(
            .notAProject,
            "\(root): no Makefile or Package.swift, so not a module project; "
                + "make one with `tabhost new NAME` (or `--swift`) and run `tabhost dev` in it, or pass its directory"
        )
    }

    /// The first rule whose target is `NAME.so`.
    static func cTarget(inMakefile text: String) -> String? {
        for line in text.split(separator: "\n") where !line.hasPrefix("\t") && !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].first != "=" else { continue }
            let target = line[..<colon].trimmingBlanks
            if target.hasSuffix(".so"), !target.contains(" "), !target.contains("$"), target.count > 3 {
                return String(target.dropLast(3))
            }
        }
        return nil
    }

    /// The name of the first `.library(name: "NAME", type: .dynamic, …)` product.
    static func dynamicProduct(inManifest text: String) -> String? {
        var rest = Substring(text)
        while let library = rest.firstRange(of: ".library(") {
            rest = rest[library.upperBound...]
            let call = rest.prefix { $0 != ")" }
            guard call.contains(".dynamic"), let nameKey = call.firstRange(of: "name:") else { continue }
            let afterKey = call[nameKey.upperBound...].drop { $0 == " " }
            guard afterKey.first == "\"" else { continue }
            let name = afterKey.dropFirst().prefix { $0 != "\"" }
            if !name.isEmpty { return String(name) }
        }
        return nil
    }
}
