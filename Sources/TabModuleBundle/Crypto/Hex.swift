/// Lower-case hexadecimal, for the manifest's SHA-256 values.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lower-case hexadecimal.
    package static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is exactly `byteCount` bytes as lower-case hexadecimal.
    package static func isLowercase(_ text: String, byteCount: Int) -> Bool {
        text.utf8.count == byteCount * 2 && text.utf8.allSatisfy { digits.contains($0) }
    }
}
