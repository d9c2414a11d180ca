import TabKit
/// Placeholder namespace; replaced by the terminal front end.
public enum TerminalUIPlaceholder {}
