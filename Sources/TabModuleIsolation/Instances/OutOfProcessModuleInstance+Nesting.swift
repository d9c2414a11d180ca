import Synchronization

/// Whether a call into a module is made from inside another module's request (its `push`, `present`
/// or `add_tab`, served while its child waits): there a `start` nests and is waited for, as in process.
extension OutOfProcessModuleInstance {
    /// The children's requests being served now, on the main loop, across all children.
    static let requestsInService = Atomic<Int>(0)

    /// True while the host serves a request of some module's child (the call is nested in it).
    static var servesARequest: Bool { requestsInService.load(ordering: .relaxed) > 0 }
}
