/// A controller's last rendering, reused for screens and action checks until it is invalidated.
struct CachedRendering {
    /// What `render()` returned.
    var tree: ViewTree
    /// For a tab-bar controller, the bar items it was drawn from: it draws them, so other items
    /// (selection, badges, titles, order) make the rendering stale. Nil for content.
    var items: [TabBarItem]?
    /// The host's render generation when it was made; `ContainerHost.invalidate()` moves past it.
    var generation: Int
}
