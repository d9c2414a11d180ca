import Foundation

extension NewCommandSupport {
    /// A fresh temporary directory, removed when the value is released.
    final class Scratch {
        /// The directory's absolute path.
        let path: String

        /// Creates `$TMPDIR/tabhost-new-XXXXXX`.
        init() throws {
            var template = Array("\(NSTemporaryDirectory())/tabhost-new-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
            path = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
