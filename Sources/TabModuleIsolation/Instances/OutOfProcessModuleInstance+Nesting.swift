/// Whether a call into a module is made from inside another module's request (its `push`, `present`
/// or `add_tab`, served while its child waits): there a `start` nests and is waited for, as in process.
extension OutOfProcessModuleInstance {
    /// True while the host serves a request of one of its children (the call is nested in it). The
    /// count is the factory's, one per host: another host in the same process (tests run several at
    /// once, on threads of their own) nests nothing here.
    var servesARequest: Bool { (factory?.requestsInService ?? 0) > 0 }
}
