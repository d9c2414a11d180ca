import TabKit

/// Makes a placeholder for every module name but "missing" and "form" (a screen with every ABI 1.2
/// node): the targets build real container trees without loading any module.
final class FuzzControllerFactory: ControllerFactory {
    func make(module: String, param: String?) throws -> any Controller {
        guard module != "missing" else { throw TabKitError(.unknownModule, "unknown module \"missing\"") }
        if module == "form" { return FuzzFormController() }
        return PlaceholderController(title: module, message: param ?? "")
    }
}
