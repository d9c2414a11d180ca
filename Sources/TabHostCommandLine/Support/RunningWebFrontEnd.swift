/// A started browser front end, as the commands see it (`WebFrontEndStarting`).
public protocol RunningWebFrontEnd: AnyObject {
    /// The address to open: `http://HOST:PORT/?token=TOKEN`.
    var address: String { get }
    /// Stops serving; the session goes on.
    func stop()
}
