extension ContainerHost {
    /// `controller`'s content changed: its kept rendering is dropped (it renders again the next time
    /// it is shown, once however often it was invalidated) and the front end is asked for a new frame.
    ///
    /// For a container, what it shows is invalidated. A controller that handles an action or key
    /// through `apply`, or an event through `send(_:to:)`, is treated as invalidated once when it
    /// `rendersAfterEveryEvent`, so a module built before ABI 1.2 that forgets to invalidate still
    /// updates; a 1.2 module renders only when it says so (and when it appears).
    public func invalidate(_ controller: any Controller) {
        confinement.assertConfined("ContainerHost.invalidate")
        dropRendering(of: controller)
        invalidateScreen()
    }

    /// Something shown may have changed, nobody said what (e.g. a hot reload swapped instances):
    /// every kept rendering is dropped and the front end is asked for a new frame. Prefer
    /// `invalidate(_:)` for one controller's content and `invalidateScreen()` for titles and items.
    public func invalidate() {
        confinement.assertConfined("ContainerHost.invalidate")
        renderGeneration &+= 1
        invalidateScreen()
    }

    /// What the screen shows around the content changed (a title, a tab item or badge, the tree, the
    /// status), no controller's content did: `screen` is recomputed from the kept renderings, and the
    /// front end is asked for a new frame. TabKit's containers call it for their own changes.
    public func invalidateScreen() {
        confinement.assertConfined("ContainerHost.invalidateScreen")
        cachedScreen = nil
        screenChanges &+= 1
        needsRender = true
    }

    /// Delivers `event` (e.g. a due tick) to `controller`, shown or not, and treats it as
    /// invalidated once (see `invalidate(_:)`) when it `rendersAfterEveryEvent`; one that does not
    /// renders again only if it invalidates itself.
    public func send(_ event: ControllerEvent, to controller: any Controller) {
        confinement.assertConfined("ContainerHost.send")
        controller.handle(event)
        if controller.rendersAfterEveryEvent { invalidate(controller) }
    }

    /// `controller`'s rendering: the kept one while valid, else a new one that is kept. A tab-bar
    /// controller's is kept for the bar `items` it drew. TabKit's own controllers (containers, the
    /// More list) render every time: they are cheap, draw what they contain, and are not modules.
    func rendering(of controller: any Controller, items: [TabBarItem]? = nil) -> ViewTree {
        if controller.containerNode != nil || controller is MoreListController { return controller.render() }
        if let kept = controller.context.rendering, kept.generation == renderGeneration, kept.items == items {
            return kept.tree
        }
        let generation = renderGeneration
        let drops = controller.context.renderingDrops
        let tree = controller.render()
        // Invalidated during its own render (an isolated module's other thread): not kept, so the
        // next screen renders it again instead of showing what it drew before the change.
        if controller.context.renderingDrops == drops {
            controller.context.rendering = CachedRendering(tree: tree, items: items, generation: generation)
        }
        return tree
    }

    /// Drops `controller`'s kept rendering, and for a container those of what it shows.
    func dropRendering(of controller: any Controller) {
        controller.context.rendering = nil
        controller.context.renderingDrops &+= 1
        for child in controller.containerNode?.visibleChildren ?? [] { dropRendering(of: child) }
    }
}
