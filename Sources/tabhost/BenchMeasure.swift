#if canImport(Glibc)
import Glibc
#endif

/// Small measuring helpers shared by the `tabhost bench` subcommands.
enum BenchMeasure {
    /// This process's resident set size in KiB (`VmRSS` of /proc/self/status), or -1 if unreadable.
    static func residentKiB() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(cString: line)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).filter(\.isNumber)) ?? -1
            }
        }
        return -1
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

    /// Prints one `key=value …` line and flushes, so a parent reading a pipe sees it at once.
    static func report(_ pairs: KeyValuePairs<String, String>) {
        print(pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        fflush(stdout)
    }
}
