import Foundation
import InMemoryLogging
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// A child that cannot start, speaks another protocol version, or whose module's `create` fails is
/// one clear error, the same way an in-process failure is.
@Suite(.serialized, .blocking)
final class IsolationStartTests {
    let fixture: Fixture
    let cacheRoot: Fixture
    let log = InMemoryLogHandler.everyLevel()
    let registry: ModuleRegistry

    init() throws {
        fixture = try Fixture()
        cacheRoot = try Fixture()
        try fixture.compile("probe.so", source: HostAPIProbeModule.source)
        try fixture.compile(
            "null.so",
            source: ModuleSource(name: "null").with("create", "null_create").text
                .replacingOccurrences(
                    of: "__attribute__((used)) static const",
                    with: """
                        static void *null_create(const tab_host_api *api, tab_host *host) { (void)api; (void)host; return NULL; }
                        __attribute__((used)) static const
                        """))
        try fixture.compile(
            "stuck.so",
            source: ModuleSource(name: "stuck").with("create", "stuck_create").text
                .replacingOccurrences(
                    of: "__attribute__((used)) static const",
                    with: """
                        extern int pause(void);
                        static void *stuck_create(const tab_host_api *api, tab_host *host) {
                            (void)api; (void)host; for (;;) pause(); return NULL;
                        }
                        __attribute__((used)) static const
                        """))
        registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
    }

    deinit {
        fixture.remove()
        cacheRoot.remove()
    }

    private func makeInstance(_ module: String, helper: String? = nil) throws(ModuleError) -> any ModuleInstance {
        var settings = IsolatedHost.testSettings
        if let helper { settings.helperPath = helper }
        let factory = OutOfProcessModuleInstanceFactory(settings: settings, logger: log.logger)
        let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil)
        return try factory.makeInstance(of: registry.module(named: module)!, environment: environment, delegate: nil)
    }

    /// The error making an instance of `module` throws, if any.
    private func failure(_ module: String, helper: String? = nil) -> ModuleError? {
        do throws(ModuleError) {
            _ = try makeInstance(module, helper: helper)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingHelperIsOneLineThatSaysWhatToDo() {
        let refusal = failure("probe", helper: fixture.path("no-such-helper"))
        #expect(refusal?.code == .processFailed)
        #expect(refusal?.description.contains("cannot start its process") == true)
        #expect(refusal?.description.contains("--isolation none") == true)
    }

    @Test func aHelperThatExitsAtOnceIsRefused() {
        let refusal = failure("probe", helper: "/bin/true")
        #expect(refusal?.code == .processFailed)
        #expect(refusal?.description.contains("exit status 0") == true)
    }

    /// A child of the previous major version (1.0, before ABI 1.2 changed the payloads) is refused.
    @Test func anotherProtocolVersionIsRefused() throws {
        try fixture.compile(
            "helper-v1",
            source: """
                #include <stdint.h>
                #include <string.h>
                #include <unistd.h>
                int main(void) {
                    unsigned char frame[24];
                    uint32_t length = 20, magic = 0x49424154u, pid = (uint32_t)getpid(), seq = 0;
                    uint16_t type = 1, flags = 0, major = 1, minor = 0;
                    memcpy(frame, &length, 4); memcpy(frame + 4, &type, 2); memcpy(frame + 6, &flags, 2);
                    memcpy(frame + 8, &seq, 4); memcpy(frame + 12, &magic, 4); memcpy(frame + 16, &major, 2);
                    memcpy(frame + 18, &minor, 2); memcpy(frame + 20, &pid, 4);
                    if (write(3, frame, sizeof frame) != (ssize_t)sizeof frame) return 1;
                    char byte;
                    while (read(3, &byte, 1) > 0) {}
                    return 0;
                }
                """, flags: [])
        let refusal = failure("probe", helper: fixture.path("helper-v1"))
        #expect(refusal?.code == .processFailed)
        #expect(refusal?.description.contains("speaks protocol 1.0, this host 4.0") == true)
    }

    /// A `create` that never returns: the instance is refused after the hang timeout and its child ends.
    @Test func aHangInCreateIsRefusedAfterTheDeadline() {
        let start = ContinuousClock.now
        let refusal = failure("stuck")
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(refusal?.code == .processFailed)
        #expect(refusal?.description.contains("did not answer create") == true)
    }

    @Test func aCreateThatReturnsNullIsCreateFailedAsInProcess() {
        let refusal = failure("null")
        #expect(refusal?.code == .createFailed)
        #expect(refusal?.description.contains("create() returned NULL") == true)
    }
}
