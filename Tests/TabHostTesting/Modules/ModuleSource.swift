/// C source of a test module: a descriptor whose fields can be overridden or removed.
public struct ModuleSource: Sendable {
    /// Descriptor fields in order; a nil value leaves the field out (zero).
    public var fields: [(String, String?)] = [
        ("magic", "TAB_MODULE_MAGIC"), ("struct_size", "(uint32_t)sizeof(tab_module_descriptor)"),
        ("abi_major", "TAB_MODULE_ABI_MAJOR"), ("abi_minor", "TAB_MODULE_ABI_MINOR"), ("kind", nil),
        ("name", "\"good\""), ("version", nil), ("title", "\"Good\""), ("image", nil), ("glyph", nil),
        ("create", "create"), ("start", nil), ("render", "render"), ("event", nil), ("appearance", nil),
        ("save_state", nil), ("restore_state", nil), ("destroy", "destroy"), ("reserved", nil),
        ("permissions", nil), ("list_row", nil),
    ]
    /// How the entry point is defined.
    public var entry = "TAB_MODULE_DECLARE(descriptor)"
    /// Extra C code at file scope.
    public var extra = ""

    /// A module named `name`.
    public init(name: String = "good") {
        self["name"] = "\"\(name)\""
    }

    /// Gets or sets one field's C expression.
    public subscript(field: String) -> String? {
        get { fields.first { $0.0 == field }?.1 ?? nil }
        set {
            let index = fields.firstIndex { $0.0 == field }!
            fields[index].1 = newValue
        }
    }

    /// Returns a copy with `field` set to `value`.
    public func with(_ field: String, _ value: String?) -> ModuleSource {
        var copy = self
        copy[field] = value
        return copy
    }

    /// Returns a copy whose entry point is defined by `entry` (empty: no entry point).
    public func withEntry(_ entry: String) -> ModuleSource {
        var copy = self
        copy.entry = entry
        return copy
    }

    /// The C file.
    public var text: String {
        let initializers = fields.compactMap { field, value in value.map { "    .\(field) = \($0)," } }
        return """
            #include "tab_module.h"
            #include <stdlib.h>
            #define U __attribute__((unused))
            U static void *create(const tab_host_api *api, tab_host *host) { (void)api; (void)host; return malloc(1); }
            U static void start(void *self, const char *param) { (void)self; (void)param; }
            U static void render(void *self, tab_view *view) { (void)self; (void)view; }
            U static void event(void *self, const tab_event *e) { (void)self; (void)e; }
            U static void appearance(void *self, int phase) { (void)self; (void)phase; }
            U static size_t save_state(void *self, void *buf, size_t cap) { (void)self; (void)buf; (void)cap; return 0; }
            U static int restore_state(void *self, const void *data, size_t len) { (void)self; (void)data; (void)len; return 1; }
            U static void destroy(void *self) { free(self); }
            U static void list_row(void *self, const char *id, size_t index, tab_view *view) { (void)self; (void)id; (void)index; (void)view; }
            __attribute__((used)) static const tab_module_descriptor descriptor = {
            \(initializers.joined(separator: "\n"))
            };
            \(extra)
            \(entry)

            """
    }
}
