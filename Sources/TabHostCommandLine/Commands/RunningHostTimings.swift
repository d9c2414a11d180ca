import FoundationEssentials
import TabModuleLoading
import TabModuleRuntime

/// What a running host measured of one module's calls, for `tabhost inspect NAME --timings`: per call
/// kind, the count, p50, p99 and maximum (from its status file, written a second after calls).
struct RunningHostTimings: Encodable {
    /// One call kind's row.
    struct Row: Encodable {
        /// `render`, `save_state`.
        var call: String
        /// Calls made.
        var count: Int
        /// Half the calls took at most this (its histogram bucket's upper bound), in nanoseconds.
        var p50Nanoseconds: UInt64
        /// 99 % of the calls took at most this, in nanoseconds.
        var p99Nanoseconds: UInt64
        /// The longest call, in nanoseconds.
        var maxNanoseconds: UInt64
    }

    /// The running host's process id.
    var pid: Int32
    /// The module.
    var module: String
    /// One row per call kind, in `ModuleCallKind`'s order.
    var calls: [Row]

    /// The module's timings in every live host that made a call into it.
    static func find(module: String, root: String = ModuleCopyDirectory.defaultRoot()) -> [RunningHostTimings] {
        RunningHostDirectories.live(root: root).compactMap { pid, directory in
            guard let timings = HotReloadStatusFile(directory: directory).read()?.timings?[module] else { return nil }
            let rows = ModuleCallKind.allCases.map { kind in
                let measured = timings[kind.rawValue] ?? ModuleCallTimings()
                return Row(
                    call: kind.rawValue, count: measured.count,
                    p50Nanoseconds: ModuleCallTimings.nanoseconds(measured.percentile(0.5)),
                    p99Nanoseconds: ModuleCallTimings.nanoseconds(measured.percentile(0.99)),
                    maxNanoseconds: measured.maxNanoseconds)
            }
            return RunningHostTimings(pid: pid, module: module, calls: rows)
        }
    }

    /// `running host PID: NAME's calls` and the table: call, count, p50, p99, max (`-` for none).
    var text: String {
        var lines = ["running host \(pid): \(module)'s calls (p50 and p99 within a quarter, max exact)"]
        lines.append(Self.columns("call", "count", "p50", "p99", "max"))
        for row in calls {
            let none = row.count == 0
            lines.append(
                Self.columns(
                    row.call, "\(row.count)", none ? "-" : Self.duration(row.p50Nanoseconds),
                    none ? "-" : Self.duration(row.p99Nanoseconds), none ? "-" : Self.duration(row.maxNanoseconds)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func columns(_ call: String, _ values: String...) -> String {
        values.reduce(call + String(repeating: " ", count: max(1, 14 - call.count))) { line, value in
            line + String(repeating: " ", count: max(1, 10 - value.count)) + value
        }
    }

    /// `850 ns`, `12 µs`, `23.1 ms`, `1.20 s`: three significant digits at most.
    static func duration(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        if value < 1_000 { return "\(nanoseconds) ns" }
        if value < 1_000_000 { return figures(value / 1_000) + " µs" }
        if value < 1_000_000_000 { return figures(value / 1_000_000) + " ms" }
        return figures(value / 1_000_000_000) + " s"
    }

    private static func figures(_ value: Double) -> String {
        let decimals = value < 10 ? 2 : value < 100 ? 1 : 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard decimals > 0 else { return "\(Int(rounded))" }
        let whole = Int(rounded)
        let fraction = Int(((rounded - Double(whole)) * scale).rounded())
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
