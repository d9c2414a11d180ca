import TabHostCore
import TabModuleBundle
import TabModuleLoading
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

extension ListCommand {
    /// The table `tabhost list` prints for `entries` at `indices`: one row per file, columns aligned by display width. When any file is
    /// an installed bundle's, two more columns: its publisher key id (`unsigned` for a bundle installed without
    /// a signature) and the permissions its manifest asks for.
    static func table(_ entries: [ModuleRegistry.Entry], _ indices: [Int]) -> String {
        let bundles = indices.map { InstalledBundle.containing(moduleFile: entries[$0].path) }
        let withBundles = bundles.contains { $0 != nil }
        let header = ["NAME", "VERSION", "KIND", "TITLE", "GLYPH"] + (withBundles ? ["KEY", "PERMISSIONS"] : []) + ["FILE", "STATUS"]
        // The cells row by row in one array, with their widths and each column's: with a warm metadata cache
        // this table is most of what a list of many files does, and an array per row costs more than its cells.
        var table = ListTable(columns: header.count, rows: indices.count + 1)
        for cell in header { table.append(cell) }
        for (index, bundle) in zip(indices, bundles) {
            let entry = entries[index]
            guard entry.info != nil || entry.error != nil else { continue }
            if let info = entry.info {
                table.append(info.name)
                table.append(info.version ?? "-")
                table.append(info.kind.description)
                table.append(info.title)
                table.append(info.glyph ?? "-")
            } else {
                table.append("-")
                table.append(bundle?.manifest.version.description ?? "-")
                table.append("-")
                table.append("-")
                table.append("-")
            }
            if withBundles {
                table.append(bundle.map { $0.keyID?.description ?? "unsigned" } ?? "-")
                let permissions = bundle?.manifest.permissions
                table.append(permissions.map { $0.isEmpty ? "none" : $0.joined(separator: ",") } ?? "-")
            }
            table.append(entry.path)
            table.append(entry.error.map { "rejected: \($0.reason)" } ?? "ok")
        }
        return table.text
    }
}
