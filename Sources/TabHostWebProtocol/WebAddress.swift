/// The web front end's address rules without the server: parsing `[ADDR:]PORT` and which addresses may
/// be bound. Here, not in TabHostWeb, so `tabhost` (which links no HTTP stack) reports a bad `--web`,
/// `--port` or `--bind` itself, with the same words as the server would.
public enum WebAddress {
    /// Parses `[ADDR:]PORT` (`8080`, `127.0.0.1:8080`, `[::1]:8080`).
    public static func parse(_ text: String) -> (address: String?, port: Int)? {
        var address: String?
        var portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            address = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(after: close)...]
            guard portText.first == ":" else { return nil }
            portText = portText.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            address = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard let port = Int(portText), (0...65535).contains(port), address?.isEmpty != true else { return nil }
        return (address, port)
    }

    /// Why binding `address` is refused, or nil: without TLS only loopback addresses are served, since the
    /// page and its token would travel in clear text (reach it from elsewhere through an SSH tunnel, or serve
    /// it over HTTPS); with TLS any address is.
    public static func bindRefusal(for address: String, tls: Bool = false) -> String? {
        // `127.0.0.1:8080` or `[::1]:8080`, as `--web` takes: the port has an option of its own here.
        let colons = address.filter { $0 == ":" }.count
        if let (host, port) = parse(address), let host, colons == 1 || address.hasPrefix("[") {
            return "\(address): an address alone, without a port; pass --bind \(host) --port \(port)"
        }
        return tls || isLoopback(hostName: address)
            ? nil
            : "\(address): only loopback addresses (127.0.0.1, ::1, localhost) are served without TLS: "
                + "the page and its token would travel unencrypted; pass --tls-cert FILE --tls-key FILE to tabhost serve "
                + "to serve HTTPS on it, or use an SSH tunnel (ssh -L PORT:127.0.0.1:PORT HOST)"
    }

    /// True for `0.0.0.0`, `::` and the other spellings of every address: no host name to put in an address.
    public static func isUnspecified(hostName name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 == "0" } }) { return true }
        return !name.isEmpty && name.contains(":") && name.allSatisfy { $0 == ":" || $0 == "0" }
    }

    /// True for `localhost`, `127.x.y.z` and `::1`: the addresses the server may be bound to.
    public static func isLoopback(hostName name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "localhost" || lower == "::1" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
        }
    }
}
