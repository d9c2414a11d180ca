import Testing

/// The tags a pass selects or skips tests by. From the package root:
///
///     swift test --filter tag:tmux        # only the tests that drive tmux
///     swift test --skip tag:slow          # everything but the slow ones
///     swift test --skip tag:tmux --skip tag:browser
///
/// (Swift Testing reads a `tag:` prefix in `--filter`/`--skip` since Swift 6.3; a suite's tags apply
/// to every test in it.)
extension Tag {
    /// Drives a real terminal through tmux (needs `tmux` on the PATH).
    @Tag public static var tmux: Self
    /// Drives a browser, or the browser front end's server as a browser would.
    @Tag public static var browser: Self
    /// Takes more than a few seconds: end-to-end runs of the built binary, hot reload waits, crash loops.
    @Tag public static var slow: Self
}
