import FoundationEssentials
import Glibc

/// The reason of a failed file operation in a user's words: FoundationEssentials' `CocoaError` has no
/// `localizedDescription` of its own (that needs all of Foundation, which the host does not link — it
/// costs every start a few milliseconds), so its underlying POSIX error's text is used.
public enum FileErrorReason {
    /// `strerror` of the POSIX error behind `error` ("Permission denied"), or `error`'s description.
    public static func of(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return String(describing: error)
    }
}
