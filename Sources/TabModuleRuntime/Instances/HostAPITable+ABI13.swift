import CTabModule
import TabKit

extension HostAPITable {
    /// The host calls added in ABI 1.3.
    static func addHostCalls13(to api: inout tab_host_api) {
        api.focus = { host, id in
            guard let box = HostAPITable.onLoop(host, "focus") else { return }
            guard let id = HostAPITable.string(id), !id.isEmpty else { return box.log(.warning, "focus with a NULL or empty id ignored") }
            box.delegate?.moduleFocus(id: id)
        }
        api.scroll_to = { host, id, index in
            guard let box = HostAPITable.onLoop(host, "scroll_to") else { return }
            guard let id = HostAPITable.string(id), !id.isEmpty else {
                return box.log(.warning, "scroll_to with a NULL or empty id ignored")
            }
            box.delegate?.moduleScroll(to: id, index: HostAPITable.count(index))
        }
        api.push_for_result = { host, module, param, target, tag in
            guard let delegate = HostAPITable.onLoop(host, "push_for_result")?.delegate, let module = HostAPITable.string(module)
            else { return 0 }
            let pushTarget = ModulePushTarget(rawValue: target) ?? .ownStack
            let pushed = delegate.modulePush(
                module: module, param: HostAPITable.string(param), target: pushTarget, tag: HostAPITable.string(tag))
            return pushed ? 1 : 0
        }
        api.present_for_result = { host, module, param, tag, flags in
            guard let delegate = HostAPITable.onLoop(host, "present_for_result")?.delegate, let module = HostAPITable.string(module)
            else { return 0 }
            let presented = delegate.modulePresent(
                module: module, param: HostAPITable.string(param), tag: HostAPITable.string(tag),
                confirmDismiss: flags & TAB_PRESENT_CONFIRM_DISMISS.rawValue != 0)
            return presented ? 1 : 0
        }
        api.copy_text = { host, text in
            guard let box = HostAPITable.onLoop(host, "copy_text") else { return }
            box.delegate?.moduleCopyText(HostAPITable.string(text, limit: ModuleLimits.maximumFieldBytes) ?? "")
        }
        api.toast = { host, text, style in
            guard let box = HostAPITable.onLoop(host, "toast"), let text = HostAPITable.string(text, limit: HostAPITable.noteLimit)
            else { return }
            box.delegate?.moduleToast(text, style: ViewStyle(rawValue: style & ViewStyle.moduleBits))
        }
        api.now_ms = { host in
            // Any thread: the scheduler's clock is immutable and thread-safe.
            HostHandle.from(host)?.ticks.nowMilliseconds ?? 0
        }
    }

    /// The view calls added in ABI 1.3.
    static func addViewCalls13(to api: inout tab_host_api) {
        api.enabled = { view, enabled in
            HostAPITable.builder(view, "enabled")?.enabled(enabled != 0)
        }
        api.bar_button = { view, label, action, side in
            HostAPITable.builder(view, "bar_button")?.barButton(
                label: HostAPITable.string(label), action: HostAPITable.string(action), side: side)
        }
        api.list = { view, id, count in
            guard let builder = HostAPITable.builder(view, "list"),
                let window = builder.list(id: HostAPITable.string(id), count: HostAPITable.count(count))
            else { return }
            defer { builder.endList() }
            guard let draw = builder.listRowSource, let id else { return }
            for index in window {
                builder.listRow(index)
                draw(id, index)
            }
        }
        api.spans = { view, texts, styles, count in
            guard let builder = HostAPITable.builder(view, "spans") else { return }
            let declared = HostAPITable.count(count)
            let kept = min(declared, ModuleLimits.maximumSpans)
            let runs = HostAPITable.strings(texts, count: declared, limit: ModuleLimits.maximumSpans)
            let bits = styles.map { styles in (0..<(texts == nil ? 0 : kept)).map { styles[$0] } }
            builder.spans(runs, styles: bits, declared: texts == nil ? 0 : declared)
        }
        api.shortcut = { view, key, label, action in
            HostAPITable.builder(view, "shortcut")?.shortcut(
                key: key, label: HostAPITable.string(label), action: HostAPITable.string(action))
        }
    }
}
