import FoundationEssentials
import Glibc
import SystemPackage

/// The reason of a failed file operation in a user's words: FoundationEssentials' `CocoaError` has no
/// `localizedDescription` of its own (that needs all of Foundation, which the host does not link: loading
/// it would slow every start), so its underlying POSIX error's text is used.
public enum FileErrorReason {
    /// The system's text for the POSIX error behind `error` ("Permission denied"), or `error`'s description.
    public static func of(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return Errno(rawValue: posix.code.rawValue).description }
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return Errno(rawValue: posix.code.rawValue).description
        }
        return String(describing: error)
    }
}
