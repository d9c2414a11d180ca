import TabHostTesting
import TabKit
import TabModuleLoading
import TabModuleRuntime
import Testing

/// `ABI12Module` compiled and loaded through the real loader, with one in-process instance whose
/// host calls a `RecordingDelegate` receives: for tests of the calls themselves, without a model.
final class DirectModuleFixture {
    let fixture: Fixture
    let cacheRoot: Fixture
    let dataRoot: Fixture
    let ticks = TickScheduler()
    let recorder = RecordingDelegate()
    let module: LoadedModule
    let instance: any ModuleInstance

    init(param: String = "log", minor: Int = 2, dataDirectory: ((String) -> ModuleDataDirectory?)? = nil) throws {
        let fixture = try Fixture()
        let cacheRoot = try Fixture()
        let dataRoot = try Fixture()
        self.fixture = fixture
        self.cacheRoot = cacheRoot
        self.dataRoot = dataRoot
        let path = try fixture.compile("abi.so", source: ABI12Module.source(minor: minor))
        module = try ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)).load(path)
        let data = dataDirectory.map { $0(dataRoot.directory) } ?? ModuleDataDirectory(root: dataRoot.directory + "/tabhost/data")
        let environment = ModuleInstanceEnvironment(ticks: ticks, confinement: nil, dataDirectory: data)
        instance = try InProcessModuleInstanceFactory().makeInstance(of: module, environment: environment, delegate: recorder)
        instance.start(param: param)
    }

    deinit {
        instance.destroy()
        fixture.remove()
        cacheRoot.remove()
        dataRoot.remove()
    }

    /// Sends the action `command` (the module's commands: "timer ID AFTER REPEAT", "data", …).
    func run(_ command: String) { instance.send(.action(command)) }

    /// What the module wrote down, one line each (its render in "log" mode), after `command` lines.
    var notes: [String] {
        instance.render().nodes.compactMap { if case .text(let line) = $0 { line } else { nil } }
    }
}
