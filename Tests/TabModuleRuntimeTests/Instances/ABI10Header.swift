import Foundation
import TabHostTesting

/// `tab_module.h` exactly as ABI 1.0 shipped it, kept in `Tests/Fixtures/headers/tab_module-1.0.h` (never
/// edited: it is what third parties compiled against) to build modules "from before" and prove they still work.
enum ABI10Header {
    /// The header's text.
    static var text: String {
        get throws {
            try String(contentsOfFile: Products.repositoryRoot + "/Tests/Fixtures/headers/tab_module-1.0.h", encoding: .utf8)
        }
    }
}
