import CTabModule

extension RecordingHostAPI {
    /// The calls added in ABI 1.3, recorded with their arguments; `list` draws its first three rows
    /// through the log's `drawListRows` (the module's `list_row`), as the host does inside the render.
    static func add13(to api: inout tab_host_api) {
        api.focus = { h, id in CallLog.from(h).record("focus(\(shown(id)))") }
        api.scroll_to = { h, id, index in CallLog.from(h).record("scroll_to(\(shown(id)), \(index))") }
        api.enabled = { v, enabled in CallLog.from(v).record("enabled(\(enabled))") }
        api.bar_button = { v, label, action, side in CallLog.from(v).record("bar_button(\(shown(label)), \(shown(action)), \(side))") }
        api.push_for_result = { h, m, p, target, tag in
            let log = CallLog.from(h)
            log.record("push_for_result(\(shown(m)), \(shown(p)), \(target), \(shown(tag)))")
            return log.navigationResult
        }
        api.present_for_result = { h, m, p, tag, flags in
            let log = CallLog.from(h)
            log.record("present_for_result(\(shown(m)), \(shown(p)), \(shown(tag)), \(flags))")
            return log.navigationResult
        }
        api.list = { v, id, count in
            let log = CallLog.from(v)
            log.record("list(\(shown(id)), \(count))")
            guard let id, let v else { return }
            for index in 0..<min(count, 3) { log.drawListRows?(id, index, v) }
        }
        api.spans = { v, texts, styles, count in
            let runs = (0..<count).map { "\(shown(texts?[$0]))/\(styles?[$0] ?? 0)" }
            CallLog.from(v).record("spans(\(runs.joined(separator: " ")))")
        }
        api.copy_text = { h, text in CallLog.from(h).record("copy_text(\(shown(text)))") }
        api.toast = { h, text, style in CallLog.from(h).record("toast(\(shown(text)), \(style))") }
        api.now_ms = { _ in 1234 }
        api.shortcut = { v, key, label, action in CallLog.from(v).record("shortcut(\(key), \(shown(label)), \(shown(action)))") }
    }
}
