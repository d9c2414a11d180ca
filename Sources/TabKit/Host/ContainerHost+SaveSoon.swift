extension ContainerHost {
    /// `controller` changed state that should survive a crash or a `kill -9` (a module's
    /// `save_soon`): hands it to `saveSoonHandler`, which saves soon, coalescing requests.
    public func requestSaveSoon(of controller: any Controller) {
        confinement.assertConfined("ContainerHost.requestSaveSoon")
        saveSoonHandler?(controller)
    }
}
