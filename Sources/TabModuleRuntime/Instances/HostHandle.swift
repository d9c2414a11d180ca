import Glibc
import Synchronization
import TabHostConcurrency

/// The host side of one module instance: what `tab_host *` points at.
///
/// `instanceID`, `moduleName`, `ticks` and the loop thread may be read from any thread, so the
/// calls a module may make off the main thread (`schedule_tick`, `set_timer`, `cancel_timer`,
/// `invalidate`, `save_soon`, `log`) reach only them; `delegate`, the view builder and the kept
/// strings are touched on the main loop only.
final class HostHandle {
    let instanceID: UInt64
    let moduleName: String
    let ticks: TickScheduler
    weak var delegate: (any ModuleInstanceDelegate)?
    /// What `tab_view *` points at: one per instance, so a module that keeps the pointer past
    /// `render` reaches a closed builder (its call is ignored with a log line), never freed memory.
    let builder: ModuleViewBuilder
    /// Builders of renders nested in a render (kept, like `builder`, for the instance's life).
    private var nestedBuilders: [ModuleViewBuilder] = []
    /// The thread that makes the module calls (the main loop's), as a `pthread_t`.
    private let loopThread: Atomic<UInt>
    /// The calls already reported as made off the main thread: one line each, not one per call.
    private let reportedOffThread = LockedValue<Set<String>>([])
    /// Where `data_dir` makes the module's directory; nil when no home is known.
    private let dataDirectory: ModuleDataDirectory?
    /// The directory of the module file the user installed (`module_dir`).
    private let sourceDirectory: String
    /// C strings handed to the module during the module call in progress (`tab_item`'s), freed
    /// when the outermost call returns: the header promises they live that long.
    private var callStrings: [UnsafeMutablePointer<CChar>] = []
    /// `data_dir`'s and `module_dir`'s strings, which live as long as the instance.
    private var dataDirString: UnsafeMutablePointer<CChar>?
    private var dataDirFailed = false
    private var moduleDirString: UnsafeMutablePointer<CChar>?

    init(
        instanceID: UInt64, moduleName: String, ticks: TickScheduler, dataDirectory: ModuleDataDirectory?,
        sourceDirectory: String, resourceDirectory: String
    ) {
        self.instanceID = instanceID
        self.moduleName = moduleName
        self.ticks = ticks
        self.dataDirectory = dataDirectory
        self.sourceDirectory = sourceDirectory
        builder = ModuleViewBuilder(resourceDirectory: resourceDirectory)
        loopThread = Atomic(UInt(pthread_self()))
        builder.host = self
        builder.log = { [weak self] level, message in self?.log(level, message) }
        _ = builder.end()  // closed until the first render
    }

    deinit {
        releaseCallStrings()
        free(dataDirString)
        free(moduleDirString)
    }

    /// The builder for a render: `builder`, or a new one when a render is already in progress.
    func builderForRender() -> ModuleViewBuilder {
        guard builder.isOpen else { return builder }
        let nested = ModuleViewBuilder(resourceDirectory: builder.resourceDirectory)
        nested.host = self
        nested.log = { [weak self] level, message in self?.log(level, message) }
        nestedBuilders.append(nested)
        return nested
    }

    /// Records the calling thread as the one module calls come from (the instance calls it as each
    /// outermost module call begins).
    func enterLoopThread() {
        loopThread.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// True on the thread the module's calls come from.
    var isOnLoopThread: Bool {
        pthread_equal(pthread_t(loopThread.load(ordering: .relaxed)), pthread_self()) != 0
    }

    /// True, after one log line (the first time for `call`), when called off the main thread: the
    /// caller ignores `call`. Never traps: a module's mistake costs it the call, not the host.
    func ignoredOffLoop(_ call: String) -> Bool {
        guard !isOnLoopThread else { return false }
        let first = reportedOffThread.withLock { $0.insert(call).inserted }
        if first {
            log(
                .warning,
                "\(call) called from another thread; ignored (only invalidate, set_timer, cancel_timer, schedule_tick, "
                    + "save_soon and log are safe off the main thread)")
        }
        return true
    }

    /// One line in the host's log about this instance: now on the main thread, else queued for it.
    func log(_ level: ModuleLogLevel, _ message: String) {
        if isOnLoopThread {
            delegate?.moduleLog(level: level, message: message)
        } else {
            ticks.post(instanceID, .log(level, message))
        }
    }

    /// `data_dir`: the module's own directory, made on the first call; NULL (after one log line)
    /// when it cannot be made or is writable by others.
    func dataDir() -> UnsafePointer<CChar>? {
        if let dataDirString { return UnsafePointer(dataDirString) }
        guard !dataDirFailed else { return nil }
        guard let dataDirectory else {
            dataDirFailed = true
            log(.warning, "data_dir: neither XDG_DATA_HOME nor HOME is set, so there is no data directory; set HOME")
            return nil
        }
        do {
            dataDirString = strdup(try dataDirectory.make(forModule: moduleName))
        } catch {
            dataDirFailed = true
            log(.warning, error.description)
        }
        return dataDirString.map { UnsafePointer($0) }
    }

    /// `module_dir`: the directory of the module file the user installed.
    func moduleDir() -> UnsafePointer<CChar>? {
        if moduleDirString == nil { moduleDirString = strdup(sourceDirectory) }
        return moduleDirString.map { UnsafePointer($0) }
    }

    /// A copy of `string` that stays valid until `releaseCallStrings()`; nil if out of memory.
    func keepForCall(_ string: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(string) else { return nil }
        callStrings.append(copy)
        return UnsafePointer(copy)
    }

    /// Frees the strings of the module call that just returned. The instance calls it when its
    /// outermost module call returns (never in a nested one: the outer call may still hold them).
    func releaseCallStrings() {
        for pointer in callStrings { free(pointer) }
        callStrings.removeAll(keepingCapacity: true)
    }

    /// The opaque pointer handed to the module; valid while this box lives.
    var opaquePointer: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// The box behind a `tab_host *` the module passed back.
    static func from(_ pointer: OpaquePointer?) -> HostHandle? {
        guard let pointer else { return nil }
        return Unmanaged<HostHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
