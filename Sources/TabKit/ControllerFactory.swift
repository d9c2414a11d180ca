/// Instantiates controllers by module name (the loader provides it; tests use a table).
///
/// TabKit calls `start(param:)` itself after placing the result; `param` is given here
/// for information only. Main-loop only.
public protocol ControllerFactory: AnyObject {
    /// Makes a new, not yet started controller for `module`, or throws (e.g. `TabKitError.unknownModule`).
    func make(module: String, param: String?) throws -> any Controller
}
