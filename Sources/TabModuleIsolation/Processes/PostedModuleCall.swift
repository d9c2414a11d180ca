/// A call the host sends without waiting for its reply (`ModuleHostConnection.post`): queued until the
/// child is free, then in flight until its reply comes.
struct PostedModuleCall {
    /// The request, without what `finish` adds.
    var writer: WireWriter
    /// What a crash, hang or the not-responding line names.
    let call: ModuleCall
    /// The user waits on it (a render, an input event, an appearance): past
    /// `ModuleHostConnection.busyAfter` its tabs get the busy mark.
    let userWaits: Bool
    /// An input event the user gave: counted when a stop drops it.
    let isInput: Bool
    /// Adds the last fields when it is sent (EVENT's frame rule depends on what is queued behind it).
    let finish: ((inout WireWriter) -> Void)?
    /// Gets the reply, or `.unavailable` when the child stopped first or the call was dropped.
    let handler: (ModuleHostConnection.Reply) -> Void
}
