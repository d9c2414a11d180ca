import Foundation
import TabHostTesting
import Testing

@testable import TabHostCommandLine

/// `inspect`, `update` and `rollback` believe the status files of live hosts' copy directories; under a
/// shared root (`/dev/shm` without `XDG_RUNTIME_DIR`) another user can make a `tabhost-PID` directory for
/// a live PID. Only a directory of this user's, closed to others and not a link, is a host's.
struct RunningHostDirectoriesTests {
    @Test(arguments: ["ours (the control)", "open to others", "a link to ours", "another user's"])
    func onlyTheUsersOwnClosedDirectoryIsALiveHosts(_ preparedBy: String) throws {
        if preparedBy == "another user's" && getuid() != 0 { return }  // chown needs root
        try withTemporaryDirectory { (root: String) throws in
            // PID 1 runs on every machine (kill answers 0 to root, EPERM to others: both count as live).
            let directory = root + "/tabhost-1"
            switch preparedBy {
            case "a link to ours":
                #expect(mkdir(root + "/elsewhere", 0o700) == 0)
                #expect(symlink(root + "/elsewhere", directory) == 0)
            default:
                #expect(mkdir(directory, 0o700) == 0)
                if preparedBy == "open to others" { #expect(chmod(directory, 0o755) == 0) }
                if preparedBy == "another user's" { #expect(chown(directory, 65534, 65534) == 0) }
            }
            let live = RunningHostDirectories.live(root: root).map(\.directory)
            #expect(live == (preparedBy == "ours (the control)" ? [directory] : []))
        }
    }
}
