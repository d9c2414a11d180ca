extension ContainerHost {
    /// Ends `controller`'s screen with `result` for whoever pushed or presented it (a module's
    /// `finish`, UIKit's delegate callback pattern; rule 44): a pushed screen is popped off its stack
    /// (with any screens above it), a presented one is dismissed (with any modals above it). Its
    /// presenter, if it has one still in the tree, gets `ControllerEvent.result(module:value:)` once
    /// the pop or dismissal is complete. False, changing nothing, for a screen at the root of its
    /// stack that is not presented (a tab's root): there is nothing to end.
    @discardableResult
    public func finish(_ controller: any Controller, result: String?) -> Bool {
        confinement.assertConfined("ContainerHost.finish")
        if let nav = controller.context.parent as? NavigationController,
            let index = nav.stack.firstIndex(where: { $0 === controller }), index > 0
        {
            controller.context.finishResult = result
            nav.setStack(Array(nav.stack[..<index]))
            return true
        }
        if modals.contains(where: { $0 === controller }) {
            controller.context.finishResult = result
            return dismiss(containing: controller)
        }
        return false
    }

    /// True when `controller` is part of the tree: its parents lead to the root or to a modal.
    public func contains(_ controller: any Controller) -> Bool {
        var node = controller
        while let parent = node.context.parent { node = parent }
        return node === root || modals.contains { $0 === node }
    }

    /// `controllers` (and everything in them) left the tree: each one a module pushed or presented
    /// owes its presenter a result, queued in order and delivered at once unless a delivery is
    /// already under way (then after it). A controller only moving to another parent owes nothing.
    func controllersLeft(_ controllers: [any Controller]) {
        for controller in controllers where !controller.context.isMoving { queueResults(of: controller) }
        deliverPendingResults()
    }

    private func queueResults(of controller: any Controller) {
        if let presenter = controller.context.presenter {
            // Cleared now, so that the screen's presenter hears of it once, however it goes.
            controller.context.presenter = nil
            pendingResults.append(
                PendingResult(
                    presenter: presenter, module: controller.context.resultTag ?? controller.context.module ?? "",
                    value: controller.context.finishResult))
        }
        for child in controller.containerNode?.children ?? [] { queueResults(of: child) }
    }

    /// Hands queued results to their presenters, first queued first; one whose presenter is gone or
    /// has left the tree is dropped. Past `maximumResultsAtOnce` the rest wait for `laterHandler`.
    func deliverPendingResults() {
        guard !isDeliveringResults else { return }
        isDeliveringResults = true
        defer { isDeliveringResults = false }
        var delivered = 0
        while !pendingResults.isEmpty {
            if delivered == Self.maximumResultsAtOnce, let later = laterHandler {
                later { [weak self] in self?.deliverPendingResults() }
                return
            }
            let result = pendingResults.removeFirst()
            guard let presenter = result.presenter, contains(presenter) else { continue }
            send(.result(module: result.module, value: result.value), to: presenter)
            delivered += 1
        }
    }
}
