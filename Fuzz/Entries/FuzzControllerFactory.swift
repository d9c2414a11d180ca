import TabKit

/// Makes a placeholder for every module name but "missing": the layout and state targets build real
/// container trees without loading any module.
final class FuzzControllerFactory: ControllerFactory {
    func make(module: String, param: String?) throws -> any Controller {
        guard module != "missing" else { throw TabKitError(.unknownModule, "unknown module \"missing\"") }
        return PlaceholderController(title: module, message: param ?? "")
    }
}
