/// Sends lifecycle calls down the visible chain, enforcing the strict will/did cycle (rule 5).
///
/// A call that would break the cycle (willAppear to a visible controller, …) is skipped, so a
/// controller never sees two willAppear calls in a row. Parents get each call before children (rule 11).
/// Rule numbers in TabKit's comments are those of docs/container-rules.md.
enum Appearance {
    /// Sends `loaded` once.
    static func load(_ c: any Controller) {
        guard !c.context.isLoaded else { return }
        c.context.isLoaded = true
        c.lifecycle(.loaded)
    }

    /// Sends willAppear to `c`, then to its visible chain.
    static func willAppear(_ c: any Controller) {
        guard c.context.appearance == .disappeared else { return }
        load(c)
        // A controller that does not render after every event renders when it appears (ABI 1.2):
        // what it kept may predate changes it made while hidden without invalidating.
        if !c.rendersAfterEveryEvent { c.context.rendering = nil }
        c.context.appearance = .appearing
        c.lifecycle(.willAppear)
        if let node = c.containerNode {
            node.prepareForAppearance()
            for child in node.visibleChildren { willAppear(child) }
        }
    }

    /// Sends didAppear to `c`, then to its visible chain.
    static func didAppear(_ c: any Controller) {
        guard c.context.appearance == .appearing else { return }
        c.context.appearance = .appeared
        c.lifecycle(.didAppear)
        for child in c.containerNode?.visibleChildren ?? [] { didAppear(child) }
    }

    /// Sends willDisappear to `c`, then to its visible chain.
    static func willDisappear(_ c: any Controller) {
        guard c.context.appearance == .appeared else { return }
        c.context.appearance = .disappearing
        c.lifecycle(.willDisappear)
        for child in c.containerNode?.visibleChildren ?? [] { willDisappear(child) }
    }

    /// Sends didDisappear to `c`, then to its visible chain.
    static func didDisappear(_ c: any Controller) {
        guard c.context.appearance == .disappearing else { return }
        c.context.appearance = .disappeared
        c.lifecycle(.didDisappear)
        for child in c.containerNode?.visibleChildren ?? [] { didDisappear(child) }
    }

    /// Replaces `old` by `new` in the push/pop/modal order:
    /// old.willDisappear → new.willAppear → old.didDisappear → new.didAppear.
    static func replace(_ old: (any Controller)?, with new: (any Controller)?) {
        if let new { load(new) }
        if let old { willDisappear(old) }
        if let new { willAppear(new) }
        if let old { didDisappear(old) }
        if let new { didAppear(new) }
    }

    /// Replaces `old` by `new` in the tab-switch order (rule 7):
    /// new loads → new.willAppear → old.willDisappear → old.didDisappear → new.didAppear.
    static func switchTab(from old: (any Controller)?, to new: (any Controller)?) {
        if let new { willAppear(new) }
        if let old {
            willDisappear(old)
            didDisappear(old)
        }
        if let new { didAppear(new) }
    }

    /// True when `c` is visible, so structural changes under it must send appearance calls.
    static func isVisible(_ c: any Controller) -> Bool { c.context.appearance == .appeared }
}
