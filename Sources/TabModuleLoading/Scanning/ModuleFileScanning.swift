/// Opens module files in a child process before this process does, so a file that crashes the
/// dynamic loader, its constructors or its entry point is refused instead of taking the host down.
///
/// The loader owns this protocol and calls it through `ModuleLoader.scanner`; the scanner child
/// itself (`ModuleScanner`) lives with the other child processes, above the loader.
package protocol ModuleFileScanning: AnyObject, Sendable {
    /// Opens `copy` (the private copy of `original`) in the child and returns what it found; throws
    /// when that crashed or hung. Nil when no child can run (the host then opens the file alone).
    /// `closes`: the image has no Swift code, so the child closes it again. `stamp`: the version of
    /// `original` the copy was made from (a refusal is remembered for it); nil: `original` as it is now.
    func scan(copy: String, original: String, stamp: ModuleFileStamp?, closes: Bool) throws(ModuleError) -> ModuleScanReport?
    /// Starts on `copy` before `scan` is called for it (while an earlier file is being waited for);
    /// `scan` then waits for the answer. Free to do nothing.
    func announce(copy: String, original: String, stamp: ModuleFileStamp?, closes: Bool)
    /// True when the host opens the file the child reported on (the scan only guarded it).
    func hostOpens(_ report: ModuleScanReport) -> Bool
    /// True when the host opens the module named `name` itself.
    func hostOpens(name: String) -> Bool
}
