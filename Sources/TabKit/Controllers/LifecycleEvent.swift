/// A lifecycle call a container sends to a child (UIKit's viewDidLoad, appearance and containment calls).
///
/// Not `Sendable`: the move cases carry the parent controller (main-loop only).
public enum LifecycleEvent {
    /// Sent once, just before the controller is first shown (lazy creation of its view).
    case loaded
    /// The controller is about to become visible.
    case willAppear
    /// The controller became visible.
    case didAppear
    /// The controller is about to stop being visible.
    case willDisappear
    /// The controller stopped being visible.
    case didDisappear
    /// The controller is about to be added to `parent` (nil: about to be removed).
    case willMove(toParent: (any Controller)?)
    /// The controller was added to `parent` (nil: it was removed and left the tree).
    case didMove(toParent: (any Controller)?)
}
