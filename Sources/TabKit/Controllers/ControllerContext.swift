import Synchronization

/// The per-controller state containers track; a conforming class stores one instance.
///
/// Main-loop only (a class, deliberately not `Sendable`). Containers own `parent`,
/// `appearance` and `isLoaded`; `module` and `param` say how to recreate the controller
/// (restoration) and are set by TabKit when it instantiates through a `ControllerFactory`.
public final class ControllerContext {
    /// The container this controller is a child of (nil for the root, a modal, or a detached controller).
    public internal(set) weak var parent: (any Controller)?
    /// Where the controller is in the will/did appear/disappear cycle.
    public internal(set) var appearance: AppearanceState = .disappeared
    /// True once `lifecycle(.loaded)` has been sent (the first time the controller was shown).
    public internal(set) var isLoaded = false
    /// The module name this controller was made from, used by restoration; nil if unknown.
    public var module: String?
    /// The parameter it was started with, used by restoration.
    public var param: String?
    /// The host, for the root, modals and controllers the host made (others reach it through `parent`),
    /// so a controller can reach its host even before it is placed in the tree.
    weak var host: ContainerHost?
    /// The last rendering, until the controller is invalidated (render only when needed).
    var rendering: CachedRendering?
    /// How often `rendering` was dropped: a render that saw it change is not kept.
    var renderingDrops = 0
    /// The id of the focusable of this controller's content that has the focus (`ScreenAction.focus`),
    /// carried by the events it gets (`tab_event.focus`); nil for none.
    public internal(set) var focus: String?
    /// The controller that pushed or presented this one through `ContainerHost.push(module:param:onto:presenter:)`
    /// or `present(module:param:presenter:)` (a module's `push` or `present`): it gets
    /// `ControllerEvent.result` once, when this screen goes. Nil for screens TabKit, a layout or the
    /// user placed, and once the result is on its way.
    public internal(set) weak var presenter: (any Controller)?
    /// The tag its pusher or presenter gave it (room for ABI 1.3's result tags), kept in `--state`;
    /// nil for none.
    public var resultTag: String?
    /// True for a modal presented with `TAB_PRESENT_CONFIRM_DISMISS` (ABI 1.3): Back and Dismiss send
    /// it `ControllerEvent.dismiss` instead of closing it (`ContainerHost.goBack()`).
    public var guardsDismiss = false
    /// When the last `ControllerEvent.dismiss` went to it, while it has not answered (no alert, not
    /// closed): past a second, the next Back closes the modal anyway.
    var unansweredDismiss: ContinuousClock.Instant?
    /// What `ContainerHost.finish(_:result:)` gave, handed to `presenter` when the screen goes (nil:
    /// it went some other way, e.g. the user went Back).
    public internal(set) var finishResult: String?
    /// True while a container hands this controller to another parent (rule 3): it does not leave the tree.
    var isMoving = false

    /// A number no other controller of this process has: front ends key what they remember of a
    /// screen (focus, scroll) by it, so a new instance of a screen starts fresh where an old one was.
    public let identity: UInt64

    /// Creates an empty context (detached, not loaded, disappeared).
    public init(module: String? = nil, param: String? = nil) {
        self.module = module
        self.param = param
        identity = Self.identities.add(1, ordering: .relaxed).newValue
    }

    private static let identities = Atomic<UInt64>(0)
}
