import TabHostClient
import TabModules

/// The session's `EventLoop` as the loop out-of-process module instances watch their children on.
final class EventLoopModuleProcessLoop: ModuleProcessLoop {
    private let loop: any EventLoop
    private var watches: [Int: LoopWatchID] = [:]
    private var timers: [Int: LoopTimerID] = [:]
    private var nextToken = 0

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func watch(_ fd: Int32, _ callback: @escaping () -> Void) -> Int {
        nextToken += 1
        watches[nextToken] = loop.watch(fd, callback)
        return nextToken
    }

    func unwatch(_ token: Int) {
        if let id = watches.removeValue(forKey: token) { loop.unwatch(id) }
    }

    func schedule(after delay: Duration, _ body: @escaping () -> Void) -> Int {
        nextToken += 1
        let token = nextToken
        timers[token] = loop.schedule(after: delay) { [weak self] in
            self?.timers[token] = nil
            body()
        }
        return token
    }

    func cancel(_ token: Int) {
        if let id = timers.removeValue(forKey: token) { loop.cancel(id) }
    }
}
