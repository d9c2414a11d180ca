import Foundation
import InMemoryLogging
import TabHostTesting
import TabModuleIsolation
import TabModuleLoading
import Testing

/// With the sandbox on, the scanner child confines itself before it opens the first file: a module's
/// constructor, which runs there, cannot write outside; and one scanner child still scans many files.
@Suite(.serialized, .blocking)
struct IsolationScannerSandboxTests {
    /// Scans three modules whose constructors each try to create a file in `outside`; returns how many
    /// scanner children ran and which files exist afterwards.
    private static func scan(sandbox: SandboxMode) throws -> (children: Int, written: [String], refused: [String]) {
        let outside = try Fixture()
        defer { outside.remove() }
        return try withScanningRegistry(sandbox: sandbox, timeout: .seconds(2)) { fixture, registry, scanner in
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
    }

    /// Calls `body` with a directory for module files and a registry whose loader opens them through a
    /// scanner with `sandbox` (a file may take `timeout`); the directories go and the scanner ends after.
    private static func withScanningRegistry<T>(
        sandbox: SandboxMode, timeout: Duration, _ body: (Fixture, ModuleRegistry, ModuleScanner) throws -> T
    ) throws -> T {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let copies = try Fixture()
        defer { copies.remove() }
        let log = InMemoryLogHandler.everyLevel()
        var settings = IsolatedHost.testSettings
        settings.sandbox = sandbox
        let scanner = ModuleScanner(settings: settings, timeout: timeout, hostOpensFiles: false, logger: log.logger)
        defer { scanner.finish() }
        var loader = ModuleLoader(copies: try ModuleCopyDirectory(root: copies.directory))
        loader.scanner = scanner
        return try body(fixture, ModuleRegistry(loader: loader), scanner)
    }

    @Test func theScannersConstructorsRunConfinedAndOneChildScansEveryFile() throws {
        let confined = try Self.scan(sandbox: .on)
        #expect(confined.refused.isEmpty, "\(confined.refused)")
        #expect(confined.written.isEmpty, "\(confined.written)")
        #expect(confined.children == 1)
    }

    /// Scans `a-first`, then `b-hostile` (whose constructor runs `attack` after the next file's process
    /// has read its request) beside `c-victim`, two files at once with the sandbox on; says whether the
    /// victim was accepted, and again when scanned once more (no refusal of it remembered).
    private static func scanBeside(attack: String) throws -> (accepted: Bool, again: Bool, refused: [String], hostileTitle: String?) {
        try withScanningRegistry(sandbox: .on, timeout: .seconds(5)) { fixture, registry, _ in
            try fixture.compile("a-first.so", source: ModuleSource(name: "a-first").text)
            var hostile = ModuleSource(name: "b-hostile").withEntry(
                """
                TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) {
                    static tab_module_descriptor reported;
                    reported = descriptor;
                    if (signalled) reported.title = "signalled";
                    return &reported;
                }
                """)
            hostile.extra = """
                #include <signal.h>
                #include <stdint.h>
                #include <string.h>
                #include <sys/socket.h>
                #include <sys/stat.h>
                #include <sys/syscall.h>
                #include <time.h>
                #include <unistd.h>
                static int signalled;
                /* A thread of this process (a sanitizer's runtime starts one): its id is a pid to kill too. */
                __attribute__((unused)) static int own_thread(pid_t id) { return syscall(SYS_tgkill, getpid(), id, 0) == 0; }
                __attribute__((constructor)) static void hostile(void) {
                    struct timespec pause = {0, 50 * 1000 * 1000};
                    nanosleep(&pause, NULL);
                    \(attack)
                }
                """
            try fixture.compile("b-hostile.so", source: hostile.text, flags: ["-shared", "-fPIC", "-D_GNU_SOURCE"])
            try fixture.compile("c-victim.so", source: ModuleSource(name: "c-victim").text)
            registry.load(directories: [ModuleDirectory(fixture.directory)])
            let accepted = registry.module(named: "c-victim") != nil
            let again = (try? registry.load(file: fixture.path("c-victim.so")).module.name) == "c-victim"
            let hostileTitle = registry.module(named: "b-hostile")?.info.title
            return (accepted, again, registry.errors.map(\.description), hostileTitle)
        }
    }

    /// Two files are scanned at once, and one module's constructor tries to signal the scanner and the
    /// processes forked beside its own (the other file's among them), then kills the next one: its
    /// process can signal only itself and its own forks (a Landlock layer of its own scopes signals), so
    /// no signal reaches them (its title would say so) and the other file is accepted.
    @Test func aModuleCannotSignalTheScannerOrAFileScannedBesideIt() throws {
        let result = try Self.scanBeside(
            attack: """
                pid_t targets[] = {getppid(), getpid() - 1, getpid() + 1, getpid() + 2};
                for (unsigned i = 0; i < 4; i++) if (!own_thread(targets[i]) && kill(targets[i], 0) == 0) signalled = 1;
                if (!own_thread(getpid() + 1)) kill(getpid() + 1, SIGKILL);
                """)
        #expect(result.accepted, "\(result.refused)")
        #expect(result.again, "\(result.refused)")
        #expect(result.hostileTitle == "Good", "\(result.refused)")
    }

    /// Two files are scanned at once, and one module's constructor sends SCAN_ENDED frames blaming a
    /// crash on every request near its own, on every socket and pipe it holds: each file's process
    /// speaks on a pipe of its own (the scanner's connection is closed before the module's code runs), so
    /// the other file is accepted and the hostile one is refused for what it sent.
    @Test func aModuleCannotAnswerForAFileScannedBesideIt() throws {
        let result = try Self.scanBeside(
            attack: """
                for (int fd = 0; fd < 256; fd++) {
                    struct stat status;
                    if (fstat(fd, &status) != 0 || !(S_ISSOCK(status.st_mode) || S_ISFIFO(status.st_mode))) continue;
                    for (uint32_t seq = 1; seq < 16; seq++) {
                        unsigned char frame[17];
                        uint32_t length = 13;
                        uint16_t type = 5, flags = 0;
                        int32_t number = SIGSEGV;
                        memcpy(frame, &length, 4);
                        memcpy(frame + 4, &type, 2);
                        memcpy(frame + 6, &flags, 2);
                        memcpy(frame + 8, &seq, 4);
                        frame[12] = 1;
                        memcpy(frame + 13, &number, 4);
                        if (S_ISSOCK(status.st_mode)) send(fd, frame, sizeof frame, MSG_NOSIGNAL | MSG_DONTWAIT);
                        else write(fd, frame, sizeof frame);
                    }
                }
                """)
        #expect(result.accepted, "\(result.refused)")
        #expect(result.again, "\(result.refused)")
        #expect(result.refused.contains { $0.contains("b-hostile") }, "\(result.refused)")
    }

    /// Scans `b-victim`, then `z-spy`, whose constructor finds the directory of its own private copy and
    /// tries to list it, to read the victim's copy it listed, and to open the victim's copy by the names
    /// copies once had (`NAME.GEN.so`); returns what it says it did (its title), and the refusals.
    private static func spyOnTheOtherCopies(sandbox: SandboxMode) throws -> (said: String?, refused: [String]) {
        try withScanningRegistry(sandbox: sandbox, timeout: .seconds(5)) { fixture, registry, _ in
            try fixture.compile("b-victim.so", source: ModuleSource(name: "b-victim").text)
            var spy = Self.titled(byWhatItSaid: "z-spy")
            spy.extra = """
                #include <fcntl.h>
                \(Self.ownCopyDirectory)
                static char said[64] = "nothing";
                static int readable(const char *path) {
                    char magic[4];
                    int fd = open(path, O_RDONLY | O_CLOEXEC);
                    if (fd < 0) return 0;
                    int elf = read(fd, magic, 4) == 4 && memcmp(magic, "\\177ELF", 4) == 0;
                    close(fd);
                    return elf;
                }
                __attribute__((constructor)) static void spy(void) {
                    char directory[4096], path[8192];
                    if (!own_copy_directory(directory, sizeof directory)) return;
                    int listed = 0, victims = 0, guessed = 0;
                    DIR *copies = opendir(directory);
                    for (struct dirent *entry; copies != NULL && (entry = readdir(copies)) != NULL;) {
                        if (entry->d_name[0] == '.') continue;
                        listed++;
                        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
                        if (strncmp(entry->d_name, "b-victim.", 9) == 0) victims += readable(path);
                    }
                    if (copies != NULL) closedir(copies);
                    for (int generation = 0; generation < 64; generation++) {
                        snprintf(path, sizeof path, "%s/b-victim.%d.so", directory, generation);
                        guessed += readable(path);
                    }
                    snprintf(said, sizeof said, "listed %d read %d guessed %d", listed, victims, guessed);
                }
                """
            try fixture.compile("z-spy.so", source: spy.text, flags: ["-shared", "-fPIC", "-D_GNU_SOURCE"])
            registry.load(directories: [ModuleDirectory(fixture.directory)])
            return (registry.module(named: "z-spy")?.info.title, registry.errors.map(\.description))
        }
    }

    /// A file's process reads its own private copy by the name it was given, and no other: the directory of
    /// copies cannot be listed, and a copy's name has a random part, so another module's copy cannot be
    /// guessed either (a running module's child is given its own copy's file alone already).
    @Test func aModuleCannotListOrGuessTheOtherPrivateCopies() throws {
        let result = try Self.spyOnTheOtherCopies(sandbox: .on)
        #expect(result.said == "listed 0 read 0 guessed 0", "\(result.refused)")
        #expect(result.refused.isEmpty, "\(result.refused)")
    }

    /// The control: without the sandbox the same constructor lists the copies and reads the victim's.
    @Test func withoutTheSandboxTheSameModuleListsAndReadsTheOtherCopies() throws {
        let result = try Self.spyOnTheOtherCopies(sandbox: .off)
        #expect(result.said == "listed 2 read 1 guessed 0", "\(result.refused)")
    }

    /// While the loader waits for a slow file, the files announced after it keep the cores busy: their SCANs
    /// go out as earlier ones end, not only once the slow file's answer is taken (six files at once at
    /// most, as before). Eight files come first, the first of which waits until every file has its private
    /// copy (so the copying thread is ahead: files are announced as they are prepared); the slow file's
    /// constructor waits (3 s at most) until 12 of the 14 files after it have run, each leaving a marker (the
    /// sandbox is off, so that they can), and says how many it saw; with the window counted in files not
    /// yet taken, it would see 5.
    @Test func filesAfterASlowOneAreScannedWhileItIsAwaited() throws {
        let markers = try Fixture()
        defer { markers.remove() }
        let said = try Self.withScanningRegistry(sandbox: .off, timeout: .seconds(5)) { fixture, registry, _ in
            var slow = Self.titled(byWhatItSaid: "m-slow")
            slow.extra = """
                #include <dirent.h>
                #include <stdio.h>
                #include <unistd.h>
                static char said[32] = "nothing";
                __attribute__((constructor)) static void wait_for_the_others(void) {
                    int seen = 0;
                    for (int tries = 0; tries < 300 && seen < 12; tries++) {
                        seen = 0;
                        DIR *markers = opendir("\(markers.directory)");
                        for (struct dirent *entry; markers != NULL && (entry = readdir(markers)) != NULL;)
                            seen += entry->d_name[0] != '.';
                        if (markers != NULL) closedir(markers);
                        if (seen < 12) usleep(10 * 1000);
                    }
                    if (seen >= 12) snprintf(said, sizeof said, "saw 12 or more");
                    else snprintf(said, sizeof said, "saw %d", seen);
                }
                """
            try fixture.compile("m-slow.so", source: slow.text, flags: ["-shared", "-fPIC", "-D_GNU_SOURCE"])
            for number in 1...14 {
                let two = number < 10 ? "0\(number)" : "\(number)"
                if number <= 8 {
                    var first = ModuleSource(name: "a-\(two)")
                    if number == 1 { first.extra = Self.waitForEveryCopy(count: 23) }
                    try fixture.compile("a-\(two).so", source: first.text, flags: ["-shared", "-fPIC", "-D_GNU_SOURCE"])
                }
                var later = ModuleSource(name: "z-\(two)")
                later.extra = """
                    #include <fcntl.h>
                    #include <unistd.h>
                    __attribute__((constructor)) static void mark(void) {
                        int fd = open("\(markers.directory)/\(two)", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
                        if (fd >= 0) close(fd);
                    }
                    """
                try fixture.compile("z-\(two).so", source: later.text, flags: ["-shared", "-fPIC", "-D_GNU_SOURCE"])
            }
            registry.load(directories: [ModuleDirectory(fixture.directory)])
            #expect(registry.errors.isEmpty, "\(registry.errors)")
            return registry.module(named: "m-slow")?.info.title
        }
        #expect(said == "saw 12 or more")
    }

    /// The module `name` whose title is what its code wrote in `said` (a `char said[]` its `extra` declares).
    static func titled(byWhatItSaid name: String) -> ModuleSource {
        ModuleSource(name: name).withEntry(
            """
            TAB_MODULE_EXPORT const tab_module_descriptor *tab_module_entry(void) {
                static tab_module_descriptor reported;
                reported = descriptor;
                reported.title = said;
                return &reported;
            }
            """)
    }

    /// C (with its includes) for a module's code: `own_copy_directory` writes the directory of the file the
    /// module was loaded from (its private copy) into `directory`; 0 when it cannot tell.
    static let ownCopyDirectory = """
        #include <dirent.h>
        #include <dlfcn.h>
        #include <stdio.h>
        #include <string.h>
        #include <unistd.h>
        static int own_copy_directory(char *directory, size_t size) {
            Dl_info own;
            if (!dladdr((void *)own_copy_directory, &own) || own.dli_fname == NULL) return 0;
            snprintf(directory, size, "%s", own.dli_fname);
            char *slash = strrchr(directory, '/');
            if (slash == NULL) return 0;
            *slash = 0;
            return 1;
        }
        """

    /// A constructor that waits (3 s at most) until the directory of its own private copy holds `count` copies.
    static func waitForEveryCopy(count: Int) -> String {
        """
        \(ownCopyDirectory)
        __attribute__((constructor)) static void wait_for_every_copy(void) {
            char directory[4096];
            if (!own_copy_directory(directory, sizeof directory)) return;
            for (int tries = 0, copies = 0; tries < 300 && copies < \(count); tries++) {
                copies = 0;
                DIR *listed = opendir(directory);
                for (struct dirent *entry; listed != NULL && (entry = readdir(listed)) != NULL;)
                    copies += strstr(entry->d_name, ".so") != NULL;
                if (listed != NULL) closedir(listed);
                if (copies < \(count)) usleep(10 * 1000);
            }
        }
        """
    }

    @Test func withoutTheSandboxTheSameConstructorsWrite() throws {
        let open = try Self.scan(sandbox: .off)
        #expect(open.refused.isEmpty, "\(open.refused)")
        #expect(open.written == ["one", "three", "two"])
        #expect(open.children == 1)
    }
}
