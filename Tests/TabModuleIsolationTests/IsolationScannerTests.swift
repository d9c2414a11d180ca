import Foundation
import InMemoryLogging
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// Files are opened in a scanner child before the host opens them: a file that crashes or hangs the
/// dynamic loader, its constructors or its entry point is refused with one line, and loading goes on.
@Suite(.serialized, .blocking)
final class IsolationScannerTests {
    let fixture: Fixture
    let cacheRoot: Fixture
    let log = InMemoryLogHandler.everyLevel()
    let scanner: ModuleScanner
    let registry: ModuleRegistry

    init() throws {
        fixture = try Fixture()
        cacheRoot = try Fixture()
        // As `tabhost run --isolation process` and `tabhost list` use it: this process never opens the files.
        scanner = ModuleScanner(
            settings: IsolatedHost.testSettings, timeout: .milliseconds(500), hostOpensFiles: false, logger: log.logger)
        var loader = ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory))
        loader.scanner = scanner
        registry = ModuleRegistry(loader: loader)
    }

    deinit {
        fixture.remove()
        cacheRoot.remove()
    }

    /// A valid module named `name` with `extra` C code at file scope and `entry` as its entry point.
    private func compile(_ name: String, extra: String = "", entry: String = "TAB_MODULE_DECLARE(descriptor)") throws {
        var source = ModuleSource(name: name).withEntry(entry)
        source.extra = "#include <signal.h>\n#include <unistd.h>\n" + extra
        try fixture.compile(name + ".so", source: source.text)
    }

    private func refusal(_ name: String) -> ModuleError? {
        registry.entries.first { $0.path.hasSuffix("/" + name + ".so") }?.error
    }

    @Test(arguments: [
        (
            "ctor-segv", "__attribute__((constructor)) static void boom(void) { volatile int *p = 0; *p = 1; }",
            "TAB_MODULE_DECLARE(descriptor)", "crashed the dynamic loader (SIGSEGV) while loading"
        ),
        (
            "ctor-exit", "__attribute__((constructor)) static void leave(void) { _exit(127); }",
            "TAB_MODULE_DECLARE(descriptor)", "made the dynamic loader exit (status 127) while loading"
        ),
        (
            "entry-segv", "",
            "TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) { raise(SIGILL); return &descriptor; }",
            "crashed in tab_module_entry (SIGILL) while loading"
        ),
        (
            "wild-name", "static tab_module_descriptor wild;\n",
            """
            TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) {
                wild = descriptor; wild.name = (const char *)(uintptr_t)0x10; return &wild;
            }
            """, "crashed while its descriptor was read (SIGSEGV): the descriptor points outside the file"
        ),
        (
            "ctor-hang", "__attribute__((constructor)) static void wait_forever(void) { for (;;) pause(); }",
            "TAB_MODULE_DECLARE(descriptor)", "hung in its constructors while loading (no answer within 0.5 s)"
        ),
    ])
    func aFileThatTakesTheLoaderDownIsRefusedAndLoadingGoesOn(name: String, extra: String, entry: String, reason: String) throws {
        try compile(name, extra: extra, entry: entry)
        try compile("good")
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        let error = try #require(refusal(name))
        #expect(error.code == .crashedWhileLoading)
        #expect(error.reason == reason)
        #expect(error.description.hasSuffix("the file is corrupt or not built for this host; rebuild it or remove it"))
        #expect(registry.module(named: "good") != nil)
        #expect(registry.modules.count == 1)
    }

    @Test func aRefusalIsRememberedUntilTheFileChanges() throws {
        try compile("bad", extra: "__attribute__((constructor)) static void boom(void) { volatile int *p = 0; *p = 1; }")
        let path = fixture.path("bad.so")
        #expect(throws: ModuleError.self) { try registry.load(file: path) }
        let scanned = scanner.statistics.scanned
        #expect(throws: ModuleError.self) { try registry.load(file: path) }
        #expect(scanner.statistics.scanned == scanned)  // not opened again
        try compile("bad")  // fixed: a new inode, size and time
        #expect(try registry.load(file: path).module.name == "bad")
        #expect(scanner.statistics.scanned == scanned + 1)
    }

    /// Random damage to a valid module's bytes: each copy is accepted or refused with one line, and
    /// this process (which would otherwise open each one itself) is still here to check.
    @Test func corruptedCopiesOfAValidModuleNeverTakeTheHostDown() throws {
        try compile("victim")
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.path("victim.so"))))
        var generator = SplitMix64(seed: 11)
        let copies = 300
        for index in 0..<copies {
            var bytes = original
            for _ in 0..<8 {
                let offset = Int(generator.next() % UInt64(bytes.count))
                bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
            }
            try fixture.write("copy-\(index).so", bytes: bytes, mode: 0o755)
        }
        try FileManager.default.removeItem(atPath: fixture.path("victim.so"))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(registry.entries.count == copies)
        for entry in registry.entries {
            if let error = entry.error { #expect(!error.description.contains("\n")) }
        }
        // Some damage crashes the process a file is opened in; what it reports of the rest is refused or
        // accepted as usual. Each file has a process of its own, so the scanner itself lives on.
        let crashed = registry.entries.filter { $0.error?.code == .crashedWhileLoading }.count
        #expect(crashed > 0)
        #expect(scanner.statistics.children == 1)
    }

    /// One module's thread, left running after its scan, waits for the next file to be mapped beside it
    /// and crashes the process it is in. Each file is opened in a process of its own, so that process
    /// ended with its own scan and the next file is accepted (in one shared scanner process it was
    /// refused, and the refusal kept until the file changed).
    @Test func aModulesThreadCannotCrashTheScanOfTheNextFile() throws {
        var poison = ModuleSource(name: "a-poison").withEntry("TAB_MODULE_DECLARE(descriptor)")
        poison.extra = """
            #include <link.h>
            #include <signal.h>
            #include <unistd.h>
            #include <pthread.h>
            #include <string.h>
            static int tabhost_sees_victim(struct dl_phdr_info *info, size_t size, void *data) {
                (void)size; (void)data;
                return info->dlpi_name != NULL && strstr(info->dlpi_name, "b-victim") != NULL;
            }
            static void *tabhost_waiter(void *unused) {
                (void)unused;
                for (;;) {
                    if (dl_iterate_phdr(tabhost_sees_victim, NULL)) raise(SIGSEGV);
                    usleep(1000);
                }
                return NULL;
            }
            __attribute__((constructor)) static void tabhost_start_waiter(void) {
                pthread_t thread;
                pthread_create(&thread, NULL, tabhost_waiter, NULL);
            }
            """
        try fixture.compile("a-poison.so", source: poison.text, flags: ["-shared", "-fPIC", "-D_GNU_SOURCE", "-pthread"])
        try compile("b-victim")
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(refusal("a-poison") == nil)
        #expect(refusal("b-victim") == nil, "\(registry.errors)")
        #expect(registry.modules.map(\.name).sorted() == ["a-poison", "b-victim"])
    }

    /// A module only the scanner opened has no functions in this process: an in-process instance
    /// of it is refused, not called.
    @Test func aScannedModuleRunsOutOfProcessOnly() throws {
        try compile("good")
        let module = try registry.load(file: fixture.path("good.so")).module
        #expect(!module.isOpenInProcess)
        let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil)
        #expect(throws: ModuleError.self) {
            _ = try InProcessModuleInstanceFactory().makeInstance(of: module, environment: environment, delegate: nil)
        }
        let factory = OutOfProcessModuleInstanceFactory(settings: IsolatedHost.testSettings, logger: log.logger)
        let instance = try factory.makeInstance(of: module, environment: environment, delegate: nil)
        #expect(instance.render() == ViewTree([]))
        instance.destroy()
    }

    /// A command that only reads descriptors (`tabhost list`) removes each copy once the scanner read it,
    /// while the modules stay listed; a loader whose modules may run (a child loads the copy) keeps them.
    /// After `removeAll()`, closing a module removes nothing (the directory went with its copies).
    @Test(arguments: [true, false])
    func scannedCopiesStayOnlyWhileAModuleMayRunFromThem(keeps: Bool) throws {
        for name in ["one", "two", "three"] { try compile(name) }
        let copies = try ModuleCopyDirectory(root: cacheRoot.directory)
        var loader = ModuleLoader(copies: copies)
        loader.scanner = scanner
        loader.keepsScannedCopies = keeps
        let registry = ModuleRegistry(loader: loader)
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(registry.modules.map(\.name).sorted() == ["one", "three", "two"])
        let left = try FileManager.default.contentsOfDirectory(atPath: copies.directory)
        #expect(left.count == (keeps ? 3 : 0))
        let module = try #require(registry.modules.first)
        copies.removeAll()
        // A directory of the same name made again afterwards (another process's): its file stays.
        try FileManager.default.createDirectory(atPath: copies.directory, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: module.copyPath, contents: Data([1])))
        module.close()
        #expect(FileManager.default.fileExists(atPath: module.copyPath))
        try FileManager.default.removeItem(atPath: copies.directory)
    }

    /// The 1.2 `permissions` string travels raw in the scan report; it is read only from a descriptor
    /// whose size holds it and whose minor is 1.2 or later. A 1.1-sized descriptor is still read whole.
    @Test(arguments: [
        ("asks", "(uint32_t)sizeof(tab_module_descriptor)", "2", "\"network read:/etc\"", "network read:/etc" as String?),
        ("minor1", "(uint32_t)sizeof(tab_module_descriptor)", "1", "\"network\"", nil),
        ("small", "(uint32_t)offsetof(tab_module_descriptor, permissions)", "1", nil, nil),
        ("none", "(uint32_t)sizeof(tab_module_descriptor)", "2", nil, nil),
    ])
    func theScanReportCarriesThePermissionsString(name: String, size: String, minor: String, field: String?, expected: String?) throws {
        var source = ModuleSource(name: name).with("struct_size", size).with("abi_minor", minor)
        source.fields.append(("permissions", field))
        let path = try fixture.compile(name + ".so", source: source.text)
        let report = try #require(try scanner.scan(copy: path, original: path))
        let descriptor = try #require(report.descriptor)
        #expect(descriptor.isComplete)
        #expect(descriptor.abiMinor == UInt32(minor))
        #expect(descriptor.permissions == expected.map { Array($0.utf8) })
        // Validated from the report, as from a descriptor opened in process.
        let info = try registry.load(file: path).module.info
        #expect(info.name == name)
        #expect(info.permissions == (expected ?? "").split(separator: " ").map(String.init))
    }

    /// Without `hostOpensFiles` off, the scanner only guards: a file it survived is opened here too.
    @Test func aGuardingScannerStillLetsTheHostOpenGoodFiles() throws {
        let guarding = ModuleScanner(settings: IsolatedHost.testSettings, hostOpensFiles: true, logger: log.logger)
        var loader = ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory))
        loader.scanner = guarding
        try compile("good")
        try compile("bad", extra: "__attribute__((constructor)) static void boom(void) { volatile int *p = 0; *p = 1; }")
        #expect(try loader.load(fixture.path("good.so")).isOpenInProcess)
        #expect(throws: ModuleError.self) { try loader.load(fixture.path("bad.so")) }
        #expect(guarding.statistics.scanned == 2)
    }
}

/// A small seeded generator, so the corrupted copies are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
