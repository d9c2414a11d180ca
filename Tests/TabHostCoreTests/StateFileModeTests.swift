import Foundation
import TabHostCore
import TabHostTesting
import Testing

/// The `--state` file holds the modules' saved states: it is written 0600 (issue 36), also over an older
/// file that others could read, and a failed write is one line.
struct StateFileModeTests {
    private static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
    }

    @Test func theStateFileIsWritten0600EvenOverAnOlderReadableOne() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/state.json"
            #expect(StateFile(path: path).save(Data("{}".utf8)) == nil)
            #expect(try Self.mode(path) == 0o600)
            #expect(FileManager.default.contents(atPath: path) == Data("{}".utf8))

            #expect(chmod(path, 0o644) == 0)
            #expect(StateFile(path: path).save(Data("{\"a\":1}".utf8)) == nil)
            #expect(try Self.mode(path) == 0o600)
            #expect(StateFile(path: path).load() == Data("{\"a\":1}".utf8))
        }
    }

    @Test func aStateFileThatCannotBeWrittenIsOneLine() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/missing/state.json"
            let line = try #require(StateFile(path: path).save(Data("{}".utf8)))
            #expect(line.hasPrefix("\(path): cannot write the saved state (cannot create \(path)."))
            #expect(line.hasSuffix("No such file or directory); check the directory exists, is writable and has space"))
        }
    }
}
