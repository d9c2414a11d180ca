/// A module file checked and copied into the private cache, waiting to be opened (internal).
///
/// Made by `ModuleLoader.prepare` on any thread (the cold-load pipeline's worker), opened by
/// `ModuleLoader.open` on the loading thread.
struct PreparedModuleFile: Sendable {
    /// The checked file (its bytes already released: the copy holds them).
    var file: CheckedModuleFile
    /// The private copy's path and generation.
    var copy: (path: String, generation: UInt64)
}
