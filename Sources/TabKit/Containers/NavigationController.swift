/// A navigation stack: push, pop, pop to root, set the stack; Back's label is the title below the top.
///
/// Appearance calls go only to the old and the new top, and only while the stack itself is
/// visible (rules 6, 8–10 of docs/container-rules.md). `open` so that tests (and hosts) can observe
/// its lifecycle.
/// Main-loop only.
open class NavigationController: Controller, ContainerNode, ChildRemoving {
    /// The container bookkeeping.
    public let context = ControllerContext()
    /// The stack, root first.
    public private(set) var stack: [any Controller] = [] { didSet { screenDidChange() } }
    /// A title used when the stack is empty.
    public var emptyTitle: String { didSet { screenDidChange() } }

    /// Creates a stack with `root` (if any) as its root controller.
    public init(root: (any Controller)? = nil, emptyTitle: String = "") {
        self.emptyTitle = emptyTitle
        if let root {
            Containment.willAdd(root, to: self)
            stack = [root]
            Containment.didAdd(root, to: self)
        }
    }

    /// The top controller's title.
    open var title: String { stack.last?.title ?? emptyTitle }
    /// The root controller's tab item.
    open var tabItem: TabItemInfo { stack.first?.tabItem ?? TabItemInfo(title: title) }
    /// Receives lifecycle calls (no-op; override to observe).
    open func lifecycle(_ event: LifecycleEvent) {}
    /// Renders the top controller.
    open func render() -> ViewTree { stack.last?.render() ?? ViewTree() }
    /// Forwards to the top controller.
    open func handle(_ event: ControllerEvent) { stack.last?.handle(event) }

    /// The visible controller.
    public var top: (any Controller)? { stack.last }
    /// The root controller.
    public var root: (any Controller)? { stack.first }
    /// The label of the Back button: the title of the controller below the top (rule 39); nil at the root.
    public var backLabel: String? {
        guard stack.count > 1 else { return nil }
        let title = stack[stack.count - 2].title
        return title.isEmpty ? "Back" : title
    }

    /// Pushes `controller` (rule 8): N.willMove → N.loaded → O.willDisappear → N.willAppear →
    /// O.didDisappear → N.didAppear → N.didMove.
    public func push(_ controller: any Controller) {
        // Pushing a controller already in this stack moves it to the top (rule 3 within one parent).
        if stack.contains(where: { $0 === controller }) {
            controller.context.isMoving = true
            removeChild(controller)
            controller.context.isMoving = false
        }
        let old = stack.last
        Containment.willAdd(controller, to: self)
        stack.append(controller)
        controller.context.parent = self
        if Appearance.isVisible(self) { Appearance.replace(old, with: controller) }
        Containment.didAdd(controller, to: self)
    }

    /// Pops the top (rule 9): T.willMove(nil) → T.willDisappear → U.willAppear → T.didDisappear →
    /// U.didAppear → T.didMove(nil), then T's presenter gets its result (rule 44). Popping the root is
    /// a no-op (rule 36); returns the popped controller.
    @discardableResult
    public func pop() -> (any Controller)? {
        guard stack.count > 1 else { return nil }
        let top = stack[stack.count - 1]
        setStack(Array(stack.dropLast()))
        return top
    }

    /// Pops to the root (rule 10): only the old and the new top get appearance calls; returns the popped ones.
    @discardableResult
    public func popToRoot() -> [any Controller] {
        guard stack.count > 1 else { return [] }
        let popped = Array(stack.dropFirst())
        setStack([stack[0]])
        return popped
    }

    /// Replaces the whole stack (rule 10). Removed controllers get willMove(nil) first (top down)
    /// and didMove(nil) last; added ones willMove(self) first and didMove(self) last; between them
    /// only the old and the new top get appearance calls (push order, which pop shares). Then the
    /// presenters of removed screens get their results (rule 44).
    public func setStack(_ newStack: [any Controller]) {
        let old = stack
        let removed = old.reversed().filter { c in !newStack.contains { $0 === c } }
        let added = newStack.filter { c in !old.contains { $0 === c } }
        for c in removed { Containment.willRemove(c) }
        for c in added { Containment.willAdd(c, to: self) }
        stack = newStack
        for c in added { c.context.parent = self }
        let oldTop = old.last
        let newTop = newStack.last
        if Appearance.isVisible(self), oldTop !== newTop { Appearance.replace(oldTop, with: newTop) }
        for c in removed { Containment.didRemove(c) }
        for c in added { Containment.didAdd(c, to: self) }
        // After every appearance and containment call, as UIKit's delegate callbacks come.
        (self as any Controller).host?.controllersLeft(removed)
    }

    /// Removes `child` wherever it is in the stack (rule 3); a visible top is replaced by the one below.
    func removeChild(_ child: any Controller) {
        guard stack.contains(where: { $0 === child }) else { return }
        setStack(stack.filter { $0 !== child })
    }

    func prepareForAppearance() {}

    var visibleChildren: [any Controller] { stack.last.map { [$0] } ?? [] }

    var children: [any Controller] { stack }
}
