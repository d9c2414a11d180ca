import CTabModule

extension AppearancePhase {
    /// The `tab_appearance_phase` value a C module receives.
    package var cValue: tab_appearance_phase {
        switch self {
        case .willAppear: TAB_APPEARANCE_WILL_APPEAR
        case .didAppear: TAB_APPEARANCE_DID_APPEAR
        case .willDisappear: TAB_APPEARANCE_WILL_DISAPPEAR
        case .didDisappear: TAB_APPEARANCE_DID_DISAPPEAR
        }
    }
}
