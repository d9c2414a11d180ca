/// Placeholder namespace; replaced by the Swift authoring layer.
public enum TabModuleKitPlaceholder {}
