import Foundation
import Logging
import Synchronization
import TabHostCore
import TabHostTesting
import Testing

/// The log file under a module's flood (issue 36): its own lines limited per second with one line
/// counting the rest, every line one line with no control byte, the file rotated at its size, 0600 in
/// a 0700 directory. Each defence has its control: the same lines with the limit set high.
@Suite(.serialized)
struct HostLogFileTests {
    /// A clock the test moves by hand: the budget is per second, and no assertion here is timed.
    final class TestClock: Sendable {
        let start = ContinuousClock.now
        let milliseconds = Atomic<Int>(0)
        func advance(_ by: Duration) { milliseconds.add(Int(by / .milliseconds(1)), ordering: .relaxed) }
        var now: ContinuousClock.Instant { start + .milliseconds(milliseconds.load(ordering: .relaxed)) }
    }

    private static func logger(_ file: HostLogFile) -> Logger {
        Logger(label: "test") { _ in FileLogHandler(file: file) }
    }

    private static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// A module's own line (`stream`, as its output and its `log` calls are), `count` times.
    private static func flood(_ logger: Logger, _ count: Int, text: String = "spam", module: String = "flood") {
        for index in 0..<count {
            logger.info("\(text) \(index)", metadata: ["module": "\(module)", "stream": "output"])
        }
    }

    @Test func aModulesOwnLinesPastTheBudgetAreDroppedAndCountedInOneLine() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = TestClock()
            let path = directory + "/tabhost.log"
            do {
                let file = HostLogFile(
                    path: path, maximumBytes: HostLogFile.defaultMaximumBytes, moduleLinesPerSecond: 100,
                    moduleBytesPerSecond: 1 << 20, now: { clock.now })
                Self.flood(Self.logger(file), 5000)
                clock.advance(.seconds(1))
                Self.flood(Self.logger(file), 1, text: "later")
            }
            let lines = try Self.lines(path)
            #expect(lines.count == 102)
            #expect(lines.filter { $0.contains("[flood] info: spam") }.count == 100)
            #expect(lines[100].hasSuffix(" flood: 4900 lines of output dropped (over 100 lines/s)"))
            #expect(lines[101].hasSuffix("[flood] info: later 0"))
        }
    }

    @Test func theDropLineOfTheLastSecondIsWrittenWhenTheFileCloses() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = TestClock()
            let path = directory + "/tabhost.log"
            do {
                let file = HostLogFile(
                    path: path, maximumBytes: HostLogFile.defaultMaximumBytes, moduleLinesPerSecond: 10,
                    moduleBytesPerSecond: 1 << 20, now: { clock.now })
                Self.flood(Self.logger(file), 25)
            }
            let lines = try Self.lines(path)
            #expect(lines.count == 11)
            #expect(lines.last?.hasSuffix(" flood: 15 lines of output dropped (over 10 lines/s)") == true)
        }
    }

    @Test func theByteBudgetCutsLongLinesAndSaysWhichLimitItWas() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = TestClock()
            let path = directory + "/tabhost.log"
            let long = String(repeating: "x", count: 4000)
            do {
                let file = HostLogFile(
                    path: path, maximumBytes: HostLogFile.defaultMaximumBytes, moduleLinesPerSecond: 100,
                    moduleBytesPerSecond: 32 * 1024, now: { clock.now })
                Self.flood(Self.logger(file), 10, text: long)
            }
            let lines = try Self.lines(path)
            #expect(lines.filter { $0.contains(long) }.count == 8)
            #expect(lines.last?.hasSuffix(" flood: 2 lines of output dropped (over 32768 bytes/s)") == true)
        }
    }

    /// The control: the same flood with the budget set high arrives whole; the host's own lines and other
    /// modules' are never counted against a module.
    @Test func underAHighBudgetEveryLineArrivesAndHostLinesAreNeverCounted() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = TestClock()
            let path = directory + "/tabhost.log"
            do {
                let file = HostLogFile(
                    path: path, maximumBytes: HostLogFile.defaultMaximumBytes, moduleLinesPerSecond: 10_000,
                    moduleBytesPerSecond: 1 << 30, now: { clock.now })
                let logger = Self.logger(file)
                Self.flood(logger, 5000)
                for index in 0..<500 { logger.info("host \(index)") }
                for index in 0..<500 { logger.warning("stopped \(index)", metadata: ["module": "flood"]) }
            }
            let lines = try Self.lines(path)
            #expect(lines.count == 6000)
            #expect(!lines.contains { $0.contains("dropped") })
        }
    }

    @Test func aNewlineOrEscapeBytesInALineCannotForgeOrPoisonTheLog() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/tabhost.log"
            do {
                let file = HostLogFile(path: path)
                let forged =
                    "hi\n2026-11-28T08:00:00Z [clock] error: forged\u{1b}]52;c;AAAA\u{7}\u{1b}[31mred\r\tx\u{7f}\u{85}\u{2028}é"
                    + " \u{202E}gpj.exe \u{2066}x\u{2069}"
                Self.logger(file).info("\(forged)", metadata: ["module": "evil\n[x]", "stream": "log"])
                Self.logger(file).info("host \u{1b}[2J")
            }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(
                lines[0].hasSuffix(
                    #"[evil\n[x]] info: hi\n2026-11-28T08:00:00Z [clock] error: forged\x1b]52;c;AAAA\x07\x1b[31mred\r\tx\x7f\u{85}\u{2028}é \u{202e}gpj.exe \u{2066}x\u{2069}"#
                ))
            #expect(lines[1].hasSuffix(#" host \x1b[2J"#))
            // Nothing a terminal acts on is left: only the newlines that end lines are control bytes.
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func theFileIsRotatedAtItsSizeKeepingOneOlderFile() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/tabhost.log"
            do {
                let logger = Self.logger(HostLogFile(path: path, maximumBytes: 4096))
                for index in 0..<300 { logger.info("line \(index) \(String(repeating: "-", count: 60))") }
            }
            let current = try Self.lines(path)
            let older = try Self.lines(path + ".1")
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? .max <= 4096)
            #expect(try FileManager.default.attributesOfItem(atPath: path + ".1")[.size] as? Int ?? .max <= 4096)
            #expect(!FileManager.default.fileExists(atPath: path + ".2"))
            #expect(current.last?.contains("line 299 ") == true)
            // The two files hold the most recent lines, in order, without a gap.
            let numbers = (older + current).compactMap { $0.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } }
            #expect(numbers == Array((300 - numbers.count)..<300))
        }
    }

    /// The control: under the default size the same lines stay in one file.
    @Test func underItsSizeTheFileIsNotRotated() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/tabhost.log"
            do {
                let logger = Self.logger(HostLogFile(path: path))
                for index in 0..<300 { logger.info("line \(index) \(String(repeating: "-", count: 60))") }
            }
            #expect(try Self.lines(path).count == 300)
            #expect(!FileManager.default.fileExists(atPath: path + ".1"))
        }
    }

    @Test func theFileIs0600InA0700DirectoryAndAnOlderReadableLogIsMadePrivate() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/state/tabhost/tabhost.log"
            _ = HostLogFile(path: path)
            #expect(try Self.mode(path) == 0o600)
            #expect(try Self.mode(directory + "/state/tabhost") == 0o700)
            #expect(try Self.mode(directory + "/state") == 0o700)

            let old = directory + "/old.log"
            _ = FileManager.default.createFile(atPath: old, contents: Data("before\n".utf8), attributes: [.posixPermissions: 0o644])
            #expect(try Self.mode(old) == 0o644)
            _ = HostLogFile(path: old)
            #expect(try Self.mode(old) == 0o600)
        }
    }

    /// Each a log path another user could have prepared: the host must not write there (nor change the
    /// file's mode), and says why in its open failure.
    @Test(arguments: ["a link to another file", "a directory others may write to", "a FIFO"])
    func aLogPathAnotherUserPreparedIsNotWritten(_ preparedBy: String) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let victim = directory + "/victim"
            _ = FileManager.default.createFile(atPath: victim, contents: Data("mine\n".utf8), attributes: [.posixPermissions: 0o644])
            let path: String
            let reason: String
            switch preparedBy {
            case "a link to another file":
                path = directory + "/tabhost.log"
                #expect(symlink(victim, path) == 0)
                reason = "it is a symbolic link"
            case "a directory others may write to":
                // Without the sticky bit anyone could rename or replace what is in it.
                let shared = directory + "/shared"
                #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o777) == 0)
                path = shared + "/state/tabhost.log"
                reason = "\(shared): writable by others (mode 777); run chmod go-w on it"
            default:
                path = directory + "/tabhost.log"
                #expect(mkfifo(path, 0o600) == 0)
                reason = "not a regular file"
            }
            let log = HostLogFile(path: path)
            #expect(
                log.openFailure
                    == "\(path): cannot open the log file (\(reason)); pass --log FILE in a directory of your own (the host runs without a log)"
            )
            Self.logger(log).info("a line")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
            #expect(try Self.mode(victim) == 0o644)
        }
    }

    /// Another user's file in the log's place (a 0666 file made first where the log goes): as root, the
    /// file is given to `nobody`; its lines would otherwise be that user's to read.
    @Test(.enabled(if: getuid() == 0, "chown needs root"))
    func anotherUsersFileInTheLogsPlaceIsNotWritten() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/tabhost.log"
            _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o666])
            #expect(chown(path, 65534, 65534) == 0)
            let log = HostLogFile(path: path)
            #expect(log.openFailure?.contains("(owned by another user (uid 65534))") == true, "\(log.openFailure ?? "opened")")
            Self.logger(log).info("the serve token")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
            #expect(try Self.mode(path) == 0o666)
        }
    }

    private static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
    }
}
