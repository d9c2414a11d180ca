/// Why a download failed: one line naming the URL, the reason and what to do.
public struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is, for code that reacts to it (the text is for people).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// Not an https URL, or redirected to one that is not.
        public static let notHTTPS = Code(name: "notHTTPS")
        /// The server's certificate is not trusted for that host.
        public static let certificate = Code(name: "certificate")
        /// The host could not be resolved or reached, or the transfer stalled.
        public static let network = Code(name: "network")
        /// The server answered with an HTTP error status.
        public static let httpStatus = Code(name: "httpStatus")
        /// More bytes than allowed were announced or sent.
        public static let tooLarge = Code(name: "tooLarge")
        /// The transfer stayed below the minimum rate, or went past the overall deadline.
        public static let tooSlow = Code(name: "tooSlow")
        /// The downloaded bytes could not be written where they go.
        public static let write = Code(name: "write")
        /// Anything else libcurl reports.
        public static let other = Code(name: "other")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure.
    public var code: Code
    /// The URL asked for.
    public var url: String
    /// Why it failed.
    public var reason: String
    /// What to do about it.
    public var hint: String

    /// A failure of `url` for `reason`, with `hint`.
    public init(_ code: Code, url: String, reason: String, hint: String) {
        self.code = code
        self.url = url
        self.reason = reason
        self.hint = hint
    }

    /// "URL: reason; hint".
    public var description: String { "\(url): \(reason); \(hint)" }
}
