/// An alert a controller raised (`ContainerHost.showAlert(_:from:)`), waiting to be shown or answered.
struct PendingAlert {
    /// What the front end draws.
    var alert: ScreenAlert
    /// The controller that raised it: the answer goes there. The alert is dropped once it is gone
    /// or has left the tree.
    weak var raiser: (any Controller)?
}
