import TabKit

/// A controller that asked for its state to be saved soon (a module's `save_soon`), held weakly
/// until the session's coalesced save runs.
struct SaveSoonRequest {
    /// Who asked; nil once it went.
    weak var controller: (any Controller)?
}
