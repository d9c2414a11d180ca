extension ContainerHost {
    /// `toast` (ABI 1.3): `text` over the bottom of the tab for a moment (`Screen.toast`).
    public func showToast(_ text: String, style: ViewStyle) {
        confinement.assertConfined("ContainerHost.showToast")
        toast = ScreenNote(text: text, style: style, serial: nextNoteSerial())
        invalidateScreen()
    }

    /// `copy_text` (ABI 1.3): `text` for the user's clipboard (`Screen.clipboard`); the caller
    /// checked that a user's event asked for it.
    public func copyToClipboard(_ text: String) {
        confinement.assertConfined("ContainerHost.copyToClipboard")
        clipboard = ScreenNote(text: text, serial: nextNoteSerial())
        invalidateScreen()
    }

    /// `focus` and `scroll_to` (ABI 1.3) of `controller`'s content: front ends act on it while that
    /// content shows (`Screen.focusRequest`). `focus` also makes `id` the focus events carry.
    public func requestFocus(_ id: String, index: Int?, of controller: any Controller) {
        confinement.assertConfined("ContainerHost.requestFocus")
        if index == nil { controller.context.focus = id }
        focusRequest = (ScreenNote(text: id, index: index, serial: nextNoteSerial()), controller.context.identity)
        invalidateScreen()
    }

    private func nextNoteSerial() -> UInt64 {
        noteSerial &+= 1
        return noteSerial
    }
}
