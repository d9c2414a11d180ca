/// Placeholder namespace; replaced by the loader.
public enum TabModulesPlaceholder {}
