import Foundation

/// Reads a whole file in a test.
enum BundleFileReading {
    /// The bytes of `path`.
    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
}
