extension ContainerHost {
    /// `toast` (ABI 1.3): `text` over the bottom of the tab for a moment (`Screen.toast`).
    public func showToast(_ text: String, style: ViewStyle) {
        confinement.assertConfined("ContainerHost.showToast")
        toast = ScreenNote(text: text, style: style, serial: nextNoteSerial())
        invalidateScreen()
    }

    /// `copy_text` (ABI 1.3): `text` for the user's clipboard (`Screen.clipboard`), as
    /// ``pastable(_:)`` makes it; the caller checked that a user's event asked for it.
    public func copyToClipboard(_ text: String) {
        confinement.assertConfined("ContainerHost.copyToClipboard")
        clipboard = ScreenNote(text: Self.pastable(text), serial: nextNoteSerial())
        invalidateScreen()
    }

    /// `text` without what a paste would act on rather than insert: control characters but tab and line
    /// feed (a carriage return becomes a line feed), DEL, the C1 controls and the direction controls. A
    /// module's `ESC [ 2 0 1 ~` in the clipboard ended a terminal's bracketed paste early, so what followed
    /// it ran in the user's shell as typed; an override shows text in an order other than the one pasted.
    public static func pastable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0D: scalars.append("\n")
            case 0x0A where afterReturn: continue
            case 0x09, 0x0A: scalars.append(scalar)
            case 0x00..<0x20, 0x7F...0x9F: continue
            default: if !DirectionControls.contains(scalar) { scalars.append(scalar) }
            }
        }
        return String(scalars)
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
