/// The containment calls (rules 1–3): willMove/didMove around adding and removing children.
enum Containment {
    /// Sends willMove(parent) after detaching `child` from any other parent (rule 3).
    static func willAdd(_ child: any Controller, to parent: any Controller) {
        if let old = child.context.parent, old !== parent {
            // A move, not a departure: whoever pushed it is not told it went.
            child.context.isMoving = true
            (old as? any ChildRemoving)?.removeChild(child)
            child.context.isMoving = false
        }
        child.lifecycle(.willMove(toParent: parent))
    }

    /// Records the parent and sends didMove(parent).
    static func didAdd(_ child: any Controller, to parent: any Controller) {
        child.context.parent = parent
        child.lifecycle(.didMove(toParent: parent))
    }

    /// Adds at once (no transition): willMove, parent, didMove.
    static func add(_ child: any Controller, to parent: any Controller) {
        willAdd(child, to: parent)
        didAdd(child, to: parent)
    }

    /// Sends willMove(nil) before a removal.
    static func willRemove(_ child: any Controller) {
        child.lifecycle(.willMove(toParent: nil))
    }

    /// Clears the parent and sends didMove(nil) after a removal.
    static func didRemove(_ child: any Controller) {
        child.context.parent = nil
        child.lifecycle(.didMove(toParent: nil))
    }
}
