import Glibc
import _CCurlShims

/// Downloads over HTTPS for `tabhost install` and `tabhost update` (libcurl): https only, redirects
/// included; the server's certificate and host name verified against the system's CA store, or the
/// files `SSL_CERT_FILE` and `SSL_CERT_DIR` name (as OpenSSL honours them); a size limit enforced as the
/// bytes arrive, so a hostile server cannot fill the disk; a minimum rate and an overall deadline, so one
/// that trickles (a byte every 0.9 s) cannot keep `install` or `update` downloading for ever.
public struct HTTPSDownloader: Sendable {
    /// The default overall deadline, in seconds (`TABHOST_DOWNLOAD_TIMEOUT` changes it).
    public static let defaultDeadlineSeconds = 600
    /// The default minimum rate, in bytes per second averaged over `stallSeconds`
    /// (`TABHOST_DOWNLOAD_MIN_SPEED` changes it).
    public static let defaultMinimumBytesPerSecond = 1024

    /// CA certificates to trust instead of the system's (`SSL_CERT_FILE` by default).
    public var caFile: String?
    /// A directory of CA certificates to trust instead of the system's (`SSL_CERT_DIR` by default).
    public var caDirectory: String?
    /// Seconds a connection may take.
    public var connectTimeoutSeconds = 15
    /// Seconds a transfer may stay below `minimumBytesPerSecond` before it is abandoned.
    public var stallSeconds = 30
    /// The slowest transfer kept, in bytes per second, averaged over `stallSeconds`.
    public var minimumBytesPerSecond = HTTPSDownloader.positiveEnvironment("TABHOST_DOWNLOAD_MIN_SPEED") ?? defaultMinimumBytesPerSecond
    /// Seconds a whole transfer (connection, redirects and body) may take.
    public var deadlineSeconds = HTTPSDownloader.positiveEnvironment("TABHOST_DOWNLOAD_TIMEOUT") ?? defaultDeadlineSeconds

    /// A downloader trusting what `SSL_CERT_FILE` and `SSL_CERT_DIR` name, else the system's CA store.
    public init(
        caFile: String? = HTTPSDownloader.environment("SSL_CERT_FILE"), caDirectory: String? = HTTPSDownloader.environment("SSL_CERT_DIR")
    ) {
        self.caFile = caFile
        self.caDirectory = caDirectory
    }

    /// Why `url` is not downloaded at all ("plain http is refused"), or nil for an https URL.
    public static func refusal(for url: String) -> String? {
        let lower = url.lowercased()
        if lower.hasPrefix("https://") { return lower.count > 8 ? nil : "the URL names no host" }
        if lower.hasPrefix("http://") { return "plain http is refused: a module must come over https" }
        return "not an https URL"
    }

    /// Writes `url`'s body to a new file at `path` (mode 0600; it must not exist), at most `maximumBytes`;
    /// `progress` is told (bytes so far, total or 0) as they arrive. Returns the byte count. On failure
    /// the file is removed.
    public func download(
        _ url: String, to path: String, maximumBytes: UInt64, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws(DownloadError) -> UInt64 {
        if let refusal = Self.refusal(for: url) { throw Self.notHTTPS(url, refusal) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw DownloadError(.write, url: url, reason: "cannot create \(path) (\(reason))", hint: "check that its directory is writable")
        }
        defer { close(fd) }
        do {
            return try transfer(url, into: fd, maximumBytes: maximumBytes, progress: progress)
        } catch {
            unlink(path)
            throw error
        }
    }

    /// `url`'s body in memory (a feed, a signature), at most `maximumBytes`.
    public func fetch(_ url: String, maximumBytes: UInt64) throws(DownloadError) -> [UInt8] {
        if let refusal = Self.refusal(for: url) { throw Self.notHTTPS(url, refusal) }
        let fd = tabhost_curl_memory_file()
        guard fd >= 0 else {
            throw DownloadError(.write, url: url, reason: "no memory file (\(String(cString: strerror(errno))))", hint: "try again")
        }
        defer { close(fd) }
        let count = try transfer(url, into: fd, maximumBytes: maximumBytes, progress: nil)
        var bytes = [UInt8](repeating: 0, count: Int(count))
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, Int(count), 0) }
        guard read == Int(count) else {
            throw DownloadError(.write, url: url, reason: "cannot read back what was downloaded", hint: "try again")
        }
        return bytes
    }

    /// The variable's value as a whole number above zero, or nil when it is unset, empty or anything else.
    public static func positiveEnvironment(_ name: String) -> Int? {
        guard let text = environment(name), let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// libcurl's version line, for reports.
    public static var libraryVersion: String { String(cString: tabhost_curl_version()) }

    /// The variable's value, or nil when it is unset or empty.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    private final class ProgressBox {
        let progress: (UInt64, UInt64) -> Void
        init(_ progress: @escaping (UInt64, UInt64) -> Void) { self.progress = progress }
    }

    private func transfer(
        _ url: String, into fd: Int32, maximumBytes: UInt64, progress: ((UInt64, UInt64) -> Void)?
    ) throws(DownloadError) -> UInt64 {
        var result = tabhost_curl_result()
        let box = progress.map(ProgressBox.init)
        let context = box.map { Unmanaged.passUnretained($0).toOpaque() }
        let callback: tabhost_curl_progress_fn? =
            box == nil
            ? nil
            : { context, received, total in
                guard let context else { return }
                Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().progress(received, total)
            }
        let code = withExtendedLifetime(box) {
            tabhost_curl_download(
                url, fd, maximumBytes, caFile, caDirectory, connectTimeoutSeconds, stallSeconds, minimumBytesPerSecond,
                deadlineSeconds, callback, context, &result)
        }
        if code == 0 { return result.received }
        if code == 28 {  // CURLE_OPERATION_TIMEDOUT: the deadline, the minimum rate, or the connection's time
            throw tooSlow(url, result: &result)
        }
        throw Self.error(url, code: code, result: &result, maximumBytes: maximumBytes)
    }

    private func tooSlow(_ url: String, result: inout tabhost_curl_result) -> DownloadError {
        let message = withUnsafeBytes(of: &result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // libcurl's words for its connect timeout ("Connection timed out after…", "Resolving timed out…").
        guard !message.hasPrefix("Connection") && !message.hasPrefix("Resolving") else {
            return DownloadError(.network, url: url, reason: "cannot reach the server: \(message)", hint: "check the URL and the network")
        }
        return DownloadError(
            .tooSlow, url: url,
            reason: "the download was too slow (\(result.received) bytes; the limits are \(deadlineSeconds) s in all and "
                + "\(minimumBytesPerSecond) bytes/s over \(stallSeconds) s): \(message)",
            hint: "try again later; on a slow link raise TABHOST_DOWNLOAD_TIMEOUT (seconds) or lower TABHOST_DOWNLOAD_MIN_SPEED (bytes/s)")
    }

    private static func notHTTPS(_ url: String, _ reason: String) -> DownloadError {
        DownloadError(.notHTTPS, url: url, reason: reason, hint: "use an https:// URL, or download the file and give its path")
    }

    private static func error(_ url: String, code: Int32, result: inout tabhost_curl_result, maximumBytes: UInt64) -> DownloadError {
        let message = withUnsafeBytes(of: &result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch code {
        case Int32(TABHOST_CURL_NOT_HTTPS.rawValue):
            return notHTTPS(url, message == "not an https URL" ? message : "redirected to a URL that is not https (\(message))")
        case Int32(TABHOST_CURL_TOO_LARGE.rawValue):
            return DownloadError(
                .tooLarge, url: url, reason: "larger than the \(maximumBytes) bytes allowed",
                hint: "check the URL; a publisher's file this large is refused")
        case Int32(TABHOST_CURL_HTTP_STATUS.rawValue):
            return DownloadError(
                .httpStatus, url: url, reason: "the server answered HTTP \(result.status)",
                hint: result.status == 404 ? "check the URL" : "try again later, or ask the publisher")
        case Int32(TABHOST_CURL_WRITE_FAILED.rawValue):
            return DownloadError(.write, url: url, reason: "cannot write what arrives (\(message))", hint: "check the free disk space")
        case 35, 51, 53, 54, 58, 59, 60, 66, 77, 80, 83, 90, 91:
            // TLS: handshake, peer verification, CA file, pinned key, certificate status.
            return DownloadError(
                .certificate, url: url, reason: "the TLS connection failed: \(message)",
                hint: "the server's certificate is not trusted for this host; for a private CA set SSL_CERT_FILE")
        case 5, 6, 7, 28, 52, 55, 56:
            return DownloadError(.network, url: url, reason: "cannot reach the server: \(message)", hint: "check the URL and the network")
        default:
            return DownloadError(.other, url: url, reason: message.isEmpty ? "libcurl error \(code)" : message, hint: "try again")
        }
    }
}
