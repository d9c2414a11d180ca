import Foundation
import TabHostCore
import TabHostTesting
import Testing

/// `--state FILE`'s lock in a directory others share: a `FILE.lock` another user made first is not a lock of
/// this session's (its holder could keep the session out, naming a PID of its choosing). As root the
/// fixture's lock is given to `nobody`; the control is the same file of the user's own, claimed.
struct StateFileLockTests {
    @Test(.enabled(if: getuid() == 0, "chown needs root"), arguments: [false, true])
    func anotherUsersLockFileIsNotUsed(theirs: Bool) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let state = directory + "/state.json"
            _ = FileManager.default.createFile(atPath: state + ".lock", contents: Data("1\n".utf8), attributes: [.posixPermissions: 0o666])
            if theirs { #expect(chown(state + ".lock", 65534, 65534) == 0) }
            switch StateFileLock.claim(state) {
            case .claimed: #expect(!theirs, "another user's lock file was used")
            case .unavailable: #expect(theirs)
            case .held(let line): Issue.record("held: \(line)")
            }
            #expect(try String(contentsOfFile: state + ".lock", encoding: .utf8) == (theirs ? "1\n" : "\(getpid())\n"))
        }
    }
}
