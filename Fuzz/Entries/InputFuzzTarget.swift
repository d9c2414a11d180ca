import TerminalUI

extension FuzzTarget {
    /// The terminal input decoder on bytes arriving in reads of the sizes the input's first byte
    /// picks (sequences split across reads), then the flush a quiet terminal causes.
    static let input = FuzzTarget("input", "terminal input decoder (InputDecoder.feed and flush, sequences split across reads)") { bytes in
        var decoder = InputDecoder()
        guard let first = bytes.first else { return }
        let chunk = Int(first % 8) + 1
        var rest = bytes.dropFirst()
        while !rest.isEmpty {
            _ = decoder.feed(rest.prefix(chunk))
            rest = rest.dropFirst(chunk)
            // A lone ESC is only resolved by a flush; the pending bytes must stay bounded.
            precondition(decoder.pending.count <= 64, "the decoder holds \(decoder.pending.count) pending bytes")
        }
        _ = decoder.flush()
        precondition(!decoder.hasPending, "bytes pending after a flush")
    }
}
