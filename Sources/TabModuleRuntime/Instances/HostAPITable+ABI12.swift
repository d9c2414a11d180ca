import CTabModule
import TabKit

extension HostAPITable {
    /// The host calls added in ABI 1.2.
    static func addHostCalls12(to api: inout tab_host_api) {
        api.finish = { host, result in
            guard let box = HostAPITable.onLoop(host, "finish") else { return }
            let result = ModuleHostCalls.finishResult(HostAPITable.string(result)) { box.log(.warning, $0) }
            box.delegate?.moduleFinish(result: result)
        }
        api.alert = { host, id, title, message, buttons, count in
            guard let box = HostAPITable.onLoop(host, "alert") else { return }
            let declared = HostAPITable.count(count)
            let alert = ModuleHostCalls.alert(
                id: HostAPITable.string(id), title: HostAPITable.string(title), message: HostAPITable.string(message),
                labels: HostAPITable.strings(buttons, count: declared, limit: ModuleLimits.maximumAlertButtons),
                declared: declared
            ) { box.log(.warning, $0) }
            if let alert { box.delegate?.moduleAlert(alert) }
        }
        api.set_timer = { host, id, after, period in
            // Any thread: the scheduler is locked; the log line is queued when off the main loop.
            guard let box = HostHandle.from(host) else { return }
            ModuleHostCalls.setTimer(
                HostAPITable.string(id), afterMilliseconds: after, repeatMilliseconds: period, instance: box.instanceID,
                module: box.moduleName, ticks: box.ticks
            ) { box.log(.warning, $0) }
        }
        api.cancel_timer = { host, id in
            guard let box = HostHandle.from(host) else { return }
            ModuleHostCalls.cancelTimer(HostAPITable.string(id), instance: box.instanceID, ticks: box.ticks) { box.log(.warning, $0) }
        }
        api.data_dir = { host in
            HostAPITable.onLoop(host, "data_dir")?.dataDir()
        }
        api.module_dir = { host in
            HostAPITable.onLoop(host, "module_dir")?.moduleDir()
        }
        api.save_soon = { host in
            guard let box = HostHandle.from(host) else { return }
            if box.isOnLoopThread {
                box.delegate?.moduleSaveSoon()
            } else {
                box.ticks.post(box.instanceID, .saveSoon)
            }
        }
    }

    /// The view calls added in ABI 1.2.
    static func addViewCalls12(to api: inout tab_host_api) {
        api.text_field = { view, id, value, placeholder, flags in
            HostAPITable.builder(view, "text_field")?.textField(
                id: HostAPITable.string(id), value: HostAPITable.string(value),
                placeholder: HostAPITable.string(placeholder), flags: flags)
        }
        api.toggle = { view, id, label, on in
            HostAPITable.builder(view, "toggle")?.toggle(id: HostAPITable.string(id), label: HostAPITable.string(label), isOn: on != 0)
        }
        api.progress = { view, label, fraction in
            HostAPITable.builder(view, "progress")?.progress(label: HostAPITable.string(label), fraction: fraction)
        }
        api.style = { view, style in
            HostAPITable.builder(view, "style")?.style(style)
        }
        api.columns = { view, headers, count in
            guard let builder = HostAPITable.builder(view, "columns") else { return }
            let declared = HostAPITable.count(count)
            builder.columns(HostAPITable.strings(headers, count: declared, limit: ModuleLimits.maximumColumns), declared: declared)
        }
        api.cells = { view, cells, count, action in
            guard let builder = HostAPITable.builder(view, "cells") else { return }
            let declared = HostAPITable.count(count)
            builder.cells(
                HostAPITable.strings(cells, count: declared, limit: ModuleLimits.maximumColumns), declared: declared,
                action: HostAPITable.string(action))
        }
        api.row_action = { view, label, action in
            HostAPITable.builder(view, "row_action")?.rowAction(label: HostAPITable.string(label), action: HostAPITable.string(action))
        }
    }
}
