extension ContainerHost {
    /// How long a guarded modal has to answer `ControllerEvent.dismiss` (show an alert, close itself)
    /// before the next Back closes it anyway: a guard never traps the user.
    static let dismissAnswerTime = Duration.seconds(1)

    /// The top modal when it guards its dismissal (`ControllerContext.guardsDismiss`) and still may:
    /// nil when there is none, or when it left a dismiss request unanswered for a second (then Back
    /// closes it as any modal).
    func guardedModal() -> (any Controller)? {
        guard let top = modals.last, top.context.guardsDismiss else { return nil }
        if let asked = top.context.unansweredDismiss, clock() - asked >= Self.dismissAnswerTime { return nil }
        return top
    }

    /// Sends `modal` the request to close; it answers by closing itself or raising an alert.
    func askToDismiss(_ modal: any Controller) -> ActionOutcome {
        let asked = clock()
        send(.dismiss, to: modal)
        let answered = !modals.contains { $0 === modal } || shownAlert != nil
        if answered {
            modal.context.unansweredDismiss = nil
        } else if modal.context.unansweredDismiss == nil {
            modal.context.unansweredDismiss = asked
        }
        return .changed
    }
}
