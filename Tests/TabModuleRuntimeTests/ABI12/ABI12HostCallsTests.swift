import Foundation
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// The host calls added in ABI 1.2 (but timers: `ModuleTimerTests`), made by a real C module in
/// process, as its delegate receives them.
@Suite(.blocking)
struct ABI12HostCallsTests {
    @Test func finishHandsTheResultOnCutToTheLimit() throws {
        let setup = try DirectModuleFixture()
        setup.run("finish blue")
        setup.run("finishnull")
        setup.run("finishbig")
        let limit = ModuleLimits.maximumResultBytes
        #expect(setup.recorder.finishes == ["blue", nil, String(repeating: "x", count: limit - 3) + "…"])
        #expect(
            setup.recorder.logs == ["warning: finish result of \(limit + 1) bytes cut to the limit of \(limit) bytes"])
    }

    @Test func alertSkipsNullLabelsDropsButtonsPastTheLimitAndNeedsAnID() throws {
        let setup = try DirectModuleFixture()
        setup.run("alert")
        #expect(
            setup.recorder.alerts == [
                ScreenAlert(id: "ask", title: "Title", message: "Message", buttons: ["One", "Two", "3", "4", "5", "6", "7"]),
                ScreenAlert(id: "plain", title: "Plain", buttons: ["OK"]),
            ])
        #expect(
            setup.recorder.logs == [
                "warning: alert with 11 buttons: those past 8 are dropped",
                "warning: alert with a NULL id ignored; give it a non-empty id",
            ])
    }

    @Test func dataDirIsMadeWithMode700OnceAndStaysTheSame() throws {
        let setup = try DirectModuleFixture()
        let expected = setup.dataRoot.directory + "/tabhost/data/abi"
        #expect(!FileManager.default.fileExists(atPath: expected))
        setup.run("data")
        setup.run("data")
        #expect(setup.notes.filter { $0.hasPrefix("data") } == ["data \(expected) same", "data \(expected) same"])
        var info = stat()
        #expect(stat(expected, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(setup.recorder.logs == [])
        // Another instance of the module gets the same directory, with what the first left there.
        try "kept".write(toFile: expected + "/file", atomically: false, encoding: .utf8)
        let again = try DirectModuleFixture(dataDirectory: { _ in ModuleDataDirectory(root: setup.dataRoot.directory + "/tabhost/data") })
        again.run("data")
        #expect(again.notes.last == "data \(expected) same")
        #expect(FileManager.default.fileExists(atPath: expected + "/file"))
    }

    @Test func aDataDirWritableByOthersIsRefusedWithOneLogLineAndLeftAlone() throws {
        let setup = try DirectModuleFixture()
        let path = setup.dataRoot.directory + "/tabhost/data/abi"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = chmod(path, 0o777)
        setup.run("data")
        setup.run("data")
        #expect(setup.notes.filter { $0.hasPrefix("data") } == ["data (null) same", "data (null) same"])
        #expect(
            setup.recorder.logs == [
                "warning: data_dir: \(path) is writable by others (mode 777), so it is not used; run chmod 700 on it"
            ])
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o777)
    }

    @Test func moduleDirIsTheDirectoryTheModuleFileWasFoundInNotThePrivateCopy() throws {
        let setup = try DirectModuleFixture()
        setup.run("moduledir")
        #expect(setup.notes.last == "moduledir \(setup.fixture.directory)")
        #expect(!setup.module.copyPath.hasPrefix(setup.fixture.directory))
    }

    @Test func saveSoonReachesTheDelegate() throws {
        let setup = try DirectModuleFixture()
        setup.run("save")
        #expect(setup.recorder.saves == 1)
    }
}
