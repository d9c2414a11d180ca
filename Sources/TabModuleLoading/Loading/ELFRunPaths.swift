#if canImport(Glibc)
import Glibc
#endif

/// The directories a module file's dynamic section asks the loader to search (`DT_RUNPATH`, or the older
/// `DT_RPATH`), read with a few small reads of its headers: the sandbox lets the module's child read
/// them, since a module built by SwiftPM names the Swift runtime there even when the host maps none.
package enum ELFRunPaths {
    /// The search directories of the 64-bit little-endian ELF file at `path`, in order, `$ORIGIN` and
    /// `${ORIGIN}` replaced by each of `origins`; relative and empty entries dropped; none for a file
    /// without them or that cannot be read as such.
    package static func directories(of path: String, origins: [String]) -> [String] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var directories: [String] = []
        for entry in rawEntries(fd) {
            for part in entry.split(separator: ":", omittingEmptySubsequences: true).map(String.init) {
                let expanded: [String] =
                    part.contains("$ORIGIN") || part.contains("${ORIGIN}")
                    ? origins.map { replacing(replacing(part, "${ORIGIN}", with: $0), "$ORIGIN", with: $0) }
                    : [part]
                for directory in expanded where directory.hasPrefix("/") && !directories.contains(directory) {
                    directories.append(directory)
                }
            }
        }
        return directories
    }

    /// `text` with every `token` replaced by `value`.
    private static func replacing(_ text: String, _ token: String, with value: String) -> String {
        text.split(separator: token, omittingEmptySubsequences: false).joined(separator: value)
    }

    /// The `DT_RUNPATH` and `DT_RPATH` strings, as written.
    private static func rawEntries(_ fd: Int32) -> [String] {
        guard let header = read(fd, at: 0, count: 64), header.count == 64, header[0] == 0x7F, header[1] == 0x45, header[4] == 2,
            header[5] == 1
        else { return [] }
        let shoff = u64(header, 40)
        let shentsize = Int(u16(header, 58))
        let shnum = Int(u16(header, 60))
        guard shoff != 0, shentsize >= 64, shnum > 0, shnum < 65_536,
            let sections = read(fd, at: shoff, count: shnum * shentsize)
        else { return [] }
        func section(_ index: Int) -> (type: UInt32, offset: UInt64, size: UInt64, link: Int)? {
            guard index >= 0, index < shnum else { return nil }
            let at = index * shentsize
            return (u32(sections, at + 4), u64(sections, at + 24), u64(sections, at + 32), Int(u32(sections, at + 40)))
        }
        // SHT_DYNAMIC (6); its sh_link names the string table its entries point into.
        guard let dynamic = (0..<shnum).lazy.compactMap(section).first(where: { $0.type == 6 }),
            dynamic.size <= 1 << 20, let strings = section(dynamic.link), strings.size <= 1 << 24,
            let entries = read(fd, at: dynamic.offset, count: Int(dynamic.size)),
            let names = read(fd, at: strings.offset, count: Int(strings.size))
        else { return [] }
        var found: [String] = []
        var at = 0
        while at + 16 <= entries.count {
            let tag = u64(entries, at)
            if tag == 0 { break }  // DT_NULL
            // DT_RPATH (15) and DT_RUNPATH (29): an offset into the string table.
            if tag == 15 || tag == 29 {
                let start = Int(clamping: u64(entries, at + 8))
                if start < names.count {
                    let bytes = names[start...].prefix { $0 != 0 }
                    found.append(String(decoding: bytes, as: UTF8.self))
                }
            }
            at += 16
        }
        return found
    }

    private static func read(_ fd: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= UInt64(Int.max) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : nil
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * $1) } }
    private static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * $1) } }
}
