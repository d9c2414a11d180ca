import SystemPackage
import TabModuleLoading

extension HostSession {
    /// A module the metadata cache accepted is opened when a tab of it is first shown; when its file
    /// changed since it was cached, the user hears of it as of a hot reload (status line and log), and
    /// tab items drawn from the old metadata are drawn again.
    func reportCachedModuleChanges() {
        runtime.registry.onCachedModuleChanged = { [weak self] cached, result in
            // Reported after the model finished making the controller that opened it.
            _ = self?.loop.schedule(after: .zero) { [weak self] in self?.reportCachedModuleChange(cached, result) }
        }
    }

    private func reportCachedModuleChange(_ cached: ModuleInfo, _ result: Result<LoadedModule, ModuleError>) {
        let file = cached.sourcePath
        let message: String
        switch result {
        case .success(let module):
            let version = module.info.version.map { " v\($0)" } ?? ""
            message = "reloaded \(module.name)\(version) (its file changed since it was cached)"
            logger.info("\(message): \(file)")
        case .failure(let error):
            message = "\(cached.name) refused: \(error.description)"
            logger.error("\(message)")
        }
        let name = FilePath(file).lastComponent?.string ?? file
        showStatus(message.replacing(file, with: name))
        host.invalidate()
        runtime.registry.metadataCache?.save()
    }
}
