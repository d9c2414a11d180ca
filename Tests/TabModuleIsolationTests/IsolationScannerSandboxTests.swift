import Foundation
import InMemoryLogging
import TabHostTesting
import TabModuleIsolation
import TabModuleLoading
import Testing

/// With the sandbox on, the scanner child confines itself before it opens the first file: a module's
/// constructor, which runs there, cannot write outside; and one scanner child still scans many files.
@Suite(.serialized)
struct IsolationScannerSandboxTests {
    /// Scans three modules whose constructors each try to create a file in `outside`; returns how many
    /// scanner children ran and which files exist afterwards.
    private static func scan(sandbox: SandboxMode) throws -> (children: Int, written: [String], refused: [String]) {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let copies = try Fixture()
        defer { copies.remove() }
        let outside = try Fixture()
        defer { outside.remove() }
        let log = InMemoryLogHandler.everyLevel()
        var settings = IsolatedHost.testSettings
        settings.sandbox = sandbox
        let scanner = ModuleScanner(settings: settings, timeout: .seconds(2), hostOpensFiles: false, logger: log.logger)
        defer { scanner.finish() }
        var loader = ModuleLoader(copies: try ModuleCopyDirectory(root: copies.directory))
        loader.scanner = scanner
        let registry = ModuleRegistry(loader: loader)
        for name in ["one", "two", "three"] {
            var source = ModuleSource(name: name)
            source.extra = """
                #include <fcntl.h>
                #include <unistd.h>
                __attribute__((constructor)) static void spy(void) {
                    int fd = open("\(outside.directory)/\(name)", O_WRONLY | O_CREAT, 0600);
                    if (fd >= 0) close(fd);
                }
                """
            try fixture.compile(name + ".so", source: source.text)
        }
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        let written = try FileManager.default.contentsOfDirectory(atPath: outside.directory).sorted()
        return (scanner.statistics.children, written, registry.errors.map(\.description))
    }

    @Test func theScannersConstructorsRunConfinedAndOneChildScansEveryFile() throws {
        let confined = try Self.scan(sandbox: .on)
        #expect(confined.refused.isEmpty, "\(confined.refused)")
        #expect(confined.written.isEmpty, "\(confined.written)")
        #expect(confined.children == 1)
    }

    @Test func withoutTheSandboxTheSameConstructorsWrite() throws {
        let open = try Self.scan(sandbox: .off)
        #expect(open.refused.isEmpty, "\(open.refused)")
        #expect(open.written == ["one", "three", "two"])
        #expect(open.children == 1)
    }
}
