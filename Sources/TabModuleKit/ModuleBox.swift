/// One live instance as the host sees it: the `void *self` of every C call (retained by create,
/// released by destroy).
final class ModuleBox {
    /// The author's instance.
    let module: any TabModule
    /// The instance's host, kept to build views.
    let host: ModuleHost
    /// The render in progress (its lazy lists' row closures), nil between renders.
    var render: RenderSession?

    /// Boxes an instance.
    init(module: any TabModule, host: ModuleHost) {
        self.module = module
        self.host = host
    }

    /// The box behind a `void *self` the host passed back (unretained: the host owns one reference).
    static func from(_ pointer: UnsafeMutableRawPointer) -> ModuleBox {
        Unmanaged<ModuleBox>.fromOpaque(pointer).takeUnretainedValue()
    }
}
