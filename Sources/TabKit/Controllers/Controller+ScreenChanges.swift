extension Controller {
    /// Tells the host (if any) that what the screen shows around the content changed: TabKit's
    /// containers call it when their tree, selection or items change.
    func screenDidChange() {
        host?.invalidateScreen()
    }
}
