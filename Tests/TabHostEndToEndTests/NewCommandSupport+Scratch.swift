import Foundation
import TabHostTestSupport

extension NewCommandSupport {
    /// A fresh temporary directory, removed when the value is released.
    final class Scratch {
        /// The directory's absolute path.
        let path: String

        /// Creates `$TMPDIR/tabhost-new-XXXXXX`.
        init() throws {
            path = try Fixture.makeTemporaryDirectory(prefix: "tabhost-new")
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
