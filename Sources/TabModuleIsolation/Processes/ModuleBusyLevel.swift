/// How far a module's child has escalated with the posted call it works on.
package enum ModuleBusyLevel: Sendable, Equatable {
    /// Answering (or working on something for less time than anybody notices).
    case idle
    /// A call the user waits on has run past `ModuleHostConnection.busyAfter`: its tabs get the busy mark.
    case busy
    /// A call has run past the hang timeout: its tabs show the not-responding line (Wait · Restart).
    case notResponding
}
