import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Small measuring helpers shared by the `tabhost-bench` subcommands.
enum BenchMeasure {
    /// This process's resident set size in KiB (`VmRSS` of /proc/self/status), or -1 if unreadable.
    static func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return -1 }
        return Int(line.dropFirst(6).filter(\.isNumber)) ?? -1
    }

    /// `duration` in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    /// The nearest-rank percentile `p` (0…100) of `values` (as inotify_latency computes it).
    static func percentile(_ values: [Double], _ p: Int) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = max(1, (sorted.count * p + 99) / 100)
        return sorted[rank - 1]
    }

    /// `value` with three decimals (or four when small), for key=value output.
    static func format(_ value: Double) -> String {
        let scale = abs(value) < 1 ? 10_000.0 : 1000.0
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }

    /// Writes one `key=value …` line to standard output with one unbuffered write.
    static func report(_ pairs: KeyValuePairs<String, String>) {
        let line = pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + "\n"
        _ = Array(line.utf8).withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
