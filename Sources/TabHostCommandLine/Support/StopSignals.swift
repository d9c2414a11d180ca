import Dispatch
import TabHostClient
import TabHostLoop

#if canImport(Glibc)
import Glibc
#endif

/// Stops a loop on SIGINT, SIGTERM and SIGHUP (a headless host: `tabhost serve`), so the command
/// returns normally: the state is saved, the web server stopped, the module cache removed.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    /// Handles the signals until this is released. Call before other threads start.
    init(stopping loop: any EventLoop, signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        sources = signals.map { number in
            signal(number, SIG_IGN)  // delivered to the source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { loop.stop() }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
