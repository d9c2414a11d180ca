import CTabModule

#if canImport(Glibc)
import Glibc
#endif

/// Records every host-API call a module makes, in order, as readable lines; it is the
/// `tab_host *` and `tab_view *` the test hands to the module.
final class CallLog {
    /// The calls so far, e.g. `set_badge("3")`.
    var calls: [String] = []
    /// What `push`, `present` and `add_tab` return (nonzero = success).
    var navigationResult: Int32 = 1
    /// What a view log does on `list` (ABI 1.3): draws rows through the module's `list_row`, as a host does.
    var drawListRows: ((UnsafePointer<CChar>, Int, OpaquePointer) -> Void)?
    /// Items the fake tab bar reports; C strings owned by this log.
    var barItems: [(title: UnsafeMutablePointer<CChar>, selected: Bool)] = []
    /// What `data_dir` returns (owned by this log), or NULL.
    var dataDirectory: UnsafeMutablePointer<CChar>? = strdup("/data/probe")
    /// What `module_dir` returns (owned by this log).
    var moduleDirectory: UnsafeMutablePointer<CChar>? = strdup("/modules")

    deinit {
        for item in barItems { free(item.title) }
        free(dataDirectory)
        free(moduleDirectory)
    }

    /// Appends one line and returns it (for `push`-style calls that also return a value).
    func record(_ line: String) { calls.append(line) }

    /// Returns and clears the recorded calls.
    func take() -> [String] {
        defer { calls.removeAll() }
        return calls
    }

    /// The opaque pointer that stands for this log in C calls (unretained: the test keeps it alive).
    var opaque: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// The log behind an opaque pointer the module passed back.
    static func from(_ pointer: OpaquePointer?) -> CallLog {
        Unmanaged<CallLog>.fromOpaque(UnsafeRawPointer(pointer!)).takeUnretainedValue()
    }
}

/// A C string argument as the log shows it: quoted, or nil.
func shown(_ s: UnsafePointer<CChar>?) -> String {
    s.map { "\"\(String(cString: $0))\"" } ?? "nil"
}
