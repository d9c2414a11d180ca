import TabKit

extension ModuleController {
    /// `finish`: ends this screen and hands `result` to the instance that pushed or presented it.
    public func moduleFinish(result: String?) {
        moduleLog(level: .warning, message: "finish is not available yet")
    }

    /// `alert`: shows `alert` over the screen.
    public func moduleAlert(_ alert: ScreenAlert) {
        moduleLog(level: .warning, message: "alert is not available yet")
    }

    /// `save_soon`: saves this instance's state soon.
    public func moduleSaveSoon() {}
}
