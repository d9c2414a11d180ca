import Testing

extension Trait where Self == BlockingTrait {
    /// The test, or every test of the suite, blocks its thread while it waits for a child, tmux or a
    /// server: it runs on ``BlockingTestPool``'s threads, not on Swift's cooperative pool.
    public static var blocking: Self { BlockingTrait() }
}
