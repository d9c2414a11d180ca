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
        let pointer = UnsafeMutablePointer<tab_host_api>.allocate(capacity: 1)
        pointer.initialize(to: api)
        return pointer
    }
}
