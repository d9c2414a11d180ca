/// A feed and its signature in one file, so a publisher replaces both in one atomic rename and `update`
/// never reads a feed with another version's signature: the four lines of the minisign signature, then the
/// feed's bytes exactly as signed. minisign reads only the first four lines of a signature file, so
/// `tail -n +5 feed.json > feed.body && minisign -V -p KEY.pub -x feed.json -m feed.body` verifies it.
public enum SignedFeed {
    /// The file: `signature`'s four lines, then `feed`.
    public static func combine(feed: [UInt8], signature: Signature) -> [UInt8] {
        Array(signature.fileContents.utf8) + feed
    }

    /// The signature's bytes and the feed's in a signed feed file; nil when `bytes` is not one (a plain
    /// feed, whose signature is a file of its own), as a feed is JSON and cannot start as a signature does.
    public static func split(_ bytes: [UInt8]) -> (signature: [UInt8], feed: [UInt8])? {
        guard bytes.starts(with: MinisignText.untrustedPrefix.utf8) else { return nil }
        var newlines = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            newlines += 1
            if newlines == 4 { return (Array(bytes[...index]), Array(bytes[(index + 1)...])) }
        }
        // Fewer than four lines: all of it is the signature, which is refused as malformed when read.
        return (bytes, [])
    }
}
