import TabHostCommandLine
import TabModuleBundleCommands

// The same commands with the bundle tools (libarchive) linked: what `tabhost pack` and `tabhost feed` exec.
TabHostCommand.main(web: nil, bundles: BundleTools())
