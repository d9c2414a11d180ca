import Foundation
import TabHostTesting

/// A module project for `tabhost test`, written as a third party would: one C file against `tab_module.h`
/// alone, a two-line Makefile, and `tests/*.tabtest` scripts.
struct TabTestProject {
    /// The project directory.
    let directory: String

    /// The module (see `TickerModule.source`).
    static let source = TickerModule.source

    /// Writes the project into `directory` with `scripts` (file name → text) in `tests/`.
    init(in directory: String, scripts: [String: String], source: String = TabTestProject.source) throws {
        self.directory = directory
        let files = FileManager.default
        try files.createDirectory(atPath: directory + "/tests", withIntermediateDirectories: true)
        let header = Products.repositoryRoot + "/Sources/CTabModule/include/tab_module.h"
        try files.copyItem(atPath: header, toPath: directory + "/tab_module.h")
        try write("ticker.c", source)
        try write("Makefile", "ticker.so: ticker.c tab_module.h\n\tcc -shared -fPIC -Wall -I. -o ticker.so ticker.c\n")
        for (name, text) in scripts { try write("tests/" + name, text) }
    }

    /// Writes `text` to `path` in the project.
    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + path))
    }

    /// Reads `path` in the project.
    func read(_ path: String) throws -> String {
        try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
    }

    /// Runs `tabhost test DIR ARGUMENTS`.
    func test(_ arguments: [String] = []) throws -> ListInspectSupport.Output {
        try ListInspectSupport.run(["test", directory] + arguments)
    }
}
