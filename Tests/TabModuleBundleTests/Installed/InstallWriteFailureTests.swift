import Glibc
import Testing

@testable import TabModuleBundle

/// A write refused where the modules directory or its files are made says why in words a user acts on:
/// a read-only file system and a full disk by name, anything else with the step's own hint.
struct InstallWriteFailureTests {
    @Test(arguments: [
        (EROFS, "its file system is read-only; install into a writable place (set XDG_DATA_HOME, or pass --modules)"),
        (ENOSPC, "the disk is full; free some space and try again"),
        (EDQUOT, "the disk is full; free some space and try again"),
        (EACCES, "check the path and its permissions"),
    ])
    func aRefusedWriteSaysWhatToDo(code: Int32, hint: String) {
        let error = BundleFile.failure("cannot make the modules directory", path: "/m", code: code)
        #expect(error.hint == hint)
        #expect(error.description.hasPrefix("/m: cannot make the modules directory: "))
    }
}
