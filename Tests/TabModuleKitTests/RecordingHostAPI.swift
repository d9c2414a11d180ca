import CTabModule

/// A real `tab_host_api` table whose C functions record each call into the `CallLog` behind the
/// `tab_host *` (or `tab_view *`) they receive.
enum RecordingHostAPI {
    /// Makes the table (heap-allocated; the caller deallocates it after destroying instances).
    static func make() -> UnsafeMutablePointer<tab_host_api> {
        var api = tab_host_api()
        api.struct_size = UInt32(MemoryLayout<tab_host_api>.size)
        api.set_title = { h, t in CallLog.from(h).record("set_title(\(shown(t)))") }
        api.set_badge = { h, b in CallLog.from(h).record("set_badge(\(shown(b)))") }
        api.invalidate = { h in CallLog.from(h).record("invalidate()") }
        api.push = { h, m, p, target in
            let log = CallLog.from(h)
            log.record("push(\(shown(m)), \(shown(p)), \(target))")
            return log.navigationResult
        }
        api.pop = { h in CallLog.from(h).record("pop()") }
        api.present = { h, m, p in
            let log = CallLog.from(h)
            log.record("present(\(shown(m)), \(shown(p)))")
            return log.navigationResult
        }
        api.dismiss = { h in CallLog.from(h).record("dismiss()") }
        api.add_tab = { h, n, m, i, p in
            let log = CallLog.from(h)
            log.record("add_tab(\(shown(n)), \(shown(m)), \(shown(i)), \(shown(p)))")
            return log.navigationResult
        }
        api.schedule_tick = { h, ms in CallLog.from(h).record("schedule_tick(\(ms))") }
        api.log = { h, level, message in CallLog.from(h).record("log(\(level), \(shown(message)))") }
        api.section = { v, t in CallLog.from(v).record("section(\(shown(t)))") }
        api.row = { v, t, d, a in CallLog.from(v).record("row(\(shown(t)), \(shown(d)), \(shown(a)))") }
        api.text = { v, t in CallLog.from(v).record("text(\(shown(t)))") }
        api.button = { v, l, a in CallLog.from(v).record("button(\(shown(l)), \(shown(a)))") }
        api.image = { v, p, a in CallLog.from(v).record("image(\(shown(p)), \(shown(a)))") }
        api.tab_count = { h in CallLog.from(h).barItems.count }
        api.tab_item = { h, index, out in
            let log = CallLog.from(h)
            guard let out, index < log.barItems.count else { return 0 }
            out.pointee.title = UnsafePointer(log.barItems[index].title)
            out.pointee.glyph = nil
            out.pointee.badge = nil
            out.pointee.selected = log.barItems[index].selected ? 1 : 0
            return 1
        }
        add12(to: &api)
        add13(to: &api)
        let pointer = UnsafeMutablePointer<tab_host_api>.allocate(capacity: 1)
        pointer.initialize(to: api)
        return pointer
    }

    /// The calls added in ABI 1.2: view calls record their arguments, host calls too; `data_dir` and
    /// `module_dir` return the log's directories.
    private static func add12(to api: inout tab_host_api) {
        api.text_field = { v, id, value, placeholder, flags in
            CallLog.from(v).record("text_field(\(shown(id)), \(shown(value)), \(shown(placeholder)), \(flags))")
        }
        api.toggle = { v, id, label, on in CallLog.from(v).record("toggle(\(shown(id)), \(shown(label)), \(on))") }
        api.progress = { v, label, fraction in CallLog.from(v).record("progress(\(shown(label)), \(fraction))") }
        api.style = { v, style in CallLog.from(v).record("style(\(style))") }
        api.columns = { v, headers, count in CallLog.from(v).record("columns(\(shownArray(headers, count)))") }
        api.cells = { v, cells, count, action in
            CallLog.from(v).record("cells(\(shownArray(cells, count)), \(shown(action)))")
        }
        api.row_action = { v, label, action in CallLog.from(v).record("row_action(\(shown(label)), \(shown(action)))") }
        api.finish = { h, result in CallLog.from(h).record("finish(\(shown(result)))") }
        api.alert = { h, id, title, message, buttons, count in
            CallLog.from(h).record("alert(\(shown(id)), \(shown(title)), \(shown(message)), \(shownArray(buttons, count)))")
        }
        api.set_timer = { h, id, after, every in CallLog.from(h).record("set_timer(\(shown(id)), \(after), \(every))") }
        api.cancel_timer = { h, id in CallLog.from(h).record("cancel_timer(\(shown(id)))") }
        api.data_dir = { h in
            let log = CallLog.from(h)
            log.record("data_dir()")
            return UnsafePointer(log.dataDirectory)
        }
        api.module_dir = { h in
            let log = CallLog.from(h)
            log.record("module_dir()")
            return UnsafePointer(log.moduleDirectory)
        }
        api.save_soon = { h in CallLog.from(h).record("save_soon()") }
    }
}

/// A C array of `count` C strings as the log shows it: `["a", nil]`.
func shownArray(_ strings: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> String {
    guard let strings else { return "NULL" }
    return "[" + (0..<count).map { shown(strings[$0]) }.joined(separator: ", ") + "]"
}
