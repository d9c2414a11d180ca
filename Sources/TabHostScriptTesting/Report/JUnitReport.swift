/// A JUnit XML report of a run (`--junit FILE`), for CI systems that read it.
public enum JUnitReport {
    /// The document for `outcomes`, one test case per script.
    public static func document(_ outcomes: [ScriptOutcome], suite: String) -> String {
        let failures = outcomes.filter { !$0.passed }.count
        let skipped = outcomes.filter { $0.skipReason != nil }.count
        let total = outcomes.reduce(Duration.zero) { $0 + $1.duration }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuite name=\"\(escape(suite))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" time=\"\(seconds(total))\">",
        ]
        for outcome in outcomes {
            let head = "  <testcase name=\"\(escape(outcome.path))\" classname=\"\(escape(suite))\" time=\"\(seconds(outcome.duration))\""
            if let reason = outcome.skipReason {
                lines.append(head + ">")
                lines.append("    <skipped message=\"\(escape(reason))\"/>")
                lines.append("  </testcase>")
            } else if outcome.passed {
                lines.append(head + "/>")
            } else {
                lines.append(head + ">")
                let message = outcome.details.first ?? "failed"
                lines.append("    <failure message=\"\(escape(message))\">\(escape(outcome.details.joined(separator: "\n")))</failure>")
                lines.append("  </testcase>")
            }
        }
        lines.append("</testsuite>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        let padded = String(milliseconds)
        return "\(whole).\(String(repeating: "0", count: 3 - padded.count))\(padded)"
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 has no way to write most control characters: drop them.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
