import FoundationEssentials
import TabLayout
import TabModuleLoading

/// The content modules found as installed bundles (`DIR/NAME/NAME.so` beside `DIR/NAME/manifest.json`, as
/// `tabhost install` places them), split by the manifest's `tab` flag (default true): those meant to be a tab
/// of the user's own, and those only ever pushed or presented by another module, which get no tab by
/// themselves. The flag is read from the manifest as installed (its signature was checked by the install).
struct InstalledBundleTabs {
    /// Installed bundles meant to be tabs, sorted by name.
    var tabs: [String] = []
    /// Installed bundles whose manifest says `"tab": false`, sorted by name.
    var notTabs: [String] = []

    /// The installed bundles among `registry`'s content modules.
    init(registry: ModuleRegistry) {
        // Only a file shaped DIR/NAME/NAME.so can be a bundle's: told from its bytes, before any is read or sorted.
        let shaped = registry.moduleNames(kind: .content) { _, file in ModuleFileReader.mayBeBundleModuleFile(file) }
        for name in shaped {
            guard let file = registry.info(named: name)?.sourcePath, let tab = Self.tabFlag(moduleFile: file) else { continue }
            if tab { tabs.append(name) } else { notTabs.append(name) }
        }
    }

    /// The `tab` flag of the installed bundle whose module file is `file`, or nil when `file` is no installed
    /// bundle's. A manifest that cannot be read as JSON counts as a tab, the default.
    static func tabFlag(moduleFile file: String) -> Bool? {
        let directory = ModuleFileReader.parentDirectory(of: file)
        let name = ModuleFileReader.baseName(of: directory)
        guard ModuleFileReader.baseName(of: file) == name + ".so",
            let bytes = try? BoundedFile.read(directory + "/manifest.json", limit: 1 << 20)
        else { return nil }
        return (try? JSONDecoder().decode(TabFlag.self, from: Data(bytes)))?.tab ?? true
    }

    /// The one field of a manifest read here.
    private struct TabFlag: Decodable {
        var tab: Bool?
    }

    /// `layout` with the installed bundles placed: those not meant to be tabs get none (added to
    /// `withoutTabs`, and left out of a `generated` layout's tabs); with `asRootTabs` (the demo of a plain
    /// run), those meant to be tabs and not placed by the layout become the first tabs of a root tab
    /// container, the layout's own root (a module, or a stack of one) its last tab, and that container takes
    /// the modules added while the host runs.
    func placing(in layout: Layout, generated: Bool, asRootTabs: Bool) -> Layout {
        var layout = layout
        if generated, case .tabs(var container) = layout.root {
            container.tabs.removeAll { notTabs.contains($0.module) }
            layout.root = .tabs(container)
        }
        // Without installed bundles (the usual case) nothing is placed: the layout's modules are not gathered.
        guard !tabs.isEmpty || !notTabs.isEmpty else { return layout }
        let placed = layout.placedModules
        layout.withoutTabs += notTabs.filter { !placed.contains($0) }
        let own = tabs.filter { !placed.contains($0) }.map { LayoutTab(name: $0, module: $0) }
        guard asRootTabs, !own.isEmpty else { return layout }
        let first: LayoutModule
        switch layout.root {
        case .module(let module), .stack(.module(let module)): first = module
        case .tabs(var container):
            container.tabs = own + container.tabs
            layout.root = .tabs(container)
            return layout
        default: return layout
        }
        let root = LayoutTab(
            name: first.module, module: first.module, param: first.param, title: first.title, runsInProcess: first.runsInProcess,
            permissions: first.permissions)
        for name in layout.templates.keys { layout.templates[name]?.acceptsNewModules = false }
        layout.root = .tabs(LayoutTabContainer(tabs: own + [root], capacity: 0, acceptsNewModules: true))
        return layout
    }
}
