import FoundationEssentials
import TabKit

extension RestorationState {
    /// Reads the file's bytes; the error is one line with what to do.
    public static func decode(_ data: Data) throws(TabKitError) -> RestorationState {
        guard data.count <= maximumFileBytes else {
            throw TabKitError(
                .tooLarge, "restoration data: larger than the limit of \(maximumFileBytes) bytes; delete the file to start fresh")
        }
        do {
            return try JSONDecoder().decode(RestorationState.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) where context.codingPath.isEmpty {
            throw TabKitError(.missingKey, "restoration data: missing \"\(key.stringValue)\"; delete the file to start fresh")
        } catch {
            // The hand-written parser says where the syntax breaks (line and column).
            do {
                _ = try JSONParser.parse(String(decoding: data, as: UTF8.self))
            } catch {
                throw TabKitError(
                    .malformedJSON,
                    "restoration data:\(error.line):\(error.column): malformed JSON: \(error.reason); delete the file to start fresh")
            }
            throw TabKitError(
                .invalidValue, "restoration data: \(Self.describe(error)); delete the file to start fresh")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return "\(path.isEmpty ? "the file" : path) has the wrong shape"
        @unknown default:
            return "unreadable"
        }
    }
}
