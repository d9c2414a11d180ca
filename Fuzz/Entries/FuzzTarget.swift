/// One fuzz target: a name (its corpus is `Fuzz/corpus/NAME/`) and what one input goes through.
///
/// `run` must return for every input: a trap, a sanitizer report, a hang or unbounded memory is a
/// bug in the code under test. The same closure serves libFuzzer (`tabhost-fuzz`) and the regression
/// tests, so an input kept from a crash is replayed exactly as it was found.
public struct FuzzTarget: Sendable {
    /// The target's name, as `Scripts/fuzz TARGET` takes it.
    public let name: String
    /// What the target checks, for `Scripts/fuzz --list` and docs/contributing/fuzzing.md.
    public let summary: String
    /// Feeds one input through the code under test.
    public let run: @Sendable ([UInt8]) -> Void

    /// A target named `name`.
    public init(_ name: String, _ summary: String, run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}
