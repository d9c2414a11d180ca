/// Every fuzz target. Adding one: a file `Fuzz/Entries/XFuzzTarget.swift` declaring
/// `extension FuzzTarget { static let x = FuzzTarget("x", "…") { bytes in … } }`, one line here,
/// and seed inputs in `Fuzz/corpus/x/`.
public enum FuzzTargets {
    /// All targets, in the order `Scripts/fuzz --smoke` runs them.
    public static let all: [FuzzTarget] = [
        .layout,
        .state,
        .elf,
        .descriptor,
        .input,
        .wire,
        .websocket,
        .metadataCache,
        .bundleManifest,
        .bundleArchive,
    ]

    /// The target called `name`, if any.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
