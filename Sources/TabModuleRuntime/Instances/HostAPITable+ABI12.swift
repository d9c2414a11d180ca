import CTabModule
import TabKit

extension HostAPITable {
    /// The host calls added in ABI 1.2.
    static func addHostCalls12(to api: inout tab_host_api) {
        api.finish = { host, result in
            guard let box = HostAPITable.onLoop(host, "finish") else { return }
            var result = HostAPITable.string(result)
            if let text = result, text.utf8.count > ModuleLimits.maximumResultBytes {
                box.log(
                    .warning,
                    "finish result of \(text.utf8.count) bytes cut to the limit of \(ModuleLimits.maximumResultBytes) bytes")
                result = ModuleLimits.cut(text, to: ModuleLimits.maximumResultBytes)
            }
            box.delegate?.moduleFinish(result: result)
        }
        api.alert = { host, id, title, message, buttons, count in
            guard let box = HostAPITable.onLoop(host, "alert") else { return }
            let id = HostAPITable.string(id)
            if let problem = ModuleLimits.idProblem(id, call: "alert") { return box.log(.warning, problem) }
            let declared = HostAPITable.count(count)
            if declared > ModuleLimits.maximumAlertButtons {
                box.log(
                    .warning, "alert with \(declared) buttons: those past \(ModuleLimits.maximumAlertButtons) are dropped")
            }
            func cut(_ text: String) -> String { ModuleLimits.cut(text, to: ModuleLimits.maximumViewStringBytes) }
            let labels = HostAPITable.strings(buttons, count: declared, limit: ModuleLimits.maximumAlertButtons)
            let alert = ScreenAlert(
                id: id ?? "", title: cut(HostAPITable.string(title) ?? ""), message: HostAPITable.string(message).map(cut),
                buttons: labels.compactMap { $0.map(cut) })
            box.delegate?.moduleAlert(alert)
        }
        api.set_timer = { host, id, after, period in
            // Any thread: the scheduler is locked; the log line is queued when off the main loop.
            guard let box = HostHandle.from(host) else { return }
            let id = HostAPITable.string(id)
            if let problem = ModuleLimits.idProblem(id, call: "set_timer") { return box.log(.warning, problem) }
            guard let id else { return }
            if !box.ticks.setTimer(box.instanceID, id: id, afterMilliseconds: after, repeatMilliseconds: period) {
                box.log(
                    .warning,
                    "set_timer \(id) ignored: \(ModuleLimits.maximumTimers) timers are set already; cancel one first")
            }
        }
        api.cancel_timer = { host, id in
            guard let box = HostHandle.from(host) else { return }
            let id = HostAPITable.string(id)
            if let problem = ModuleLimits.idProblem(id, call: "cancel_timer") { return box.log(.warning, problem) }
            guard let id else { return }
            box.ticks.cancelTimer(box.instanceID, id: id)
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
