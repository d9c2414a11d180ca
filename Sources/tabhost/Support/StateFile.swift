import Foundation

/// The `--state` file: the selection and every stack's path, written atomically.
///
/// The host writes it shortly after each user action as well as on quit, so a host ended by
/// SIGTERM or a closed terminal (SIGHUP) still comes back where the user was.
struct StateFile {
    let path: String

    /// Writes `data` through a temporary file and a rename; the one-line reason on failure.
    func save(_ data: Data) -> String? {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "\(path): cannot write the saved state (\(error.localizedDescription)); check the directory exists and is writable"
        }
    }
}
