#if canImport(Glibc)
import Glibc
#endif

/// What the loader learns from a module file's bytes before any `dlopen` (internal).
package struct ELFFacts: Sendable, Equatable {
    /// True when a section's name starts with `swift5_` (the image contains Swift code).
    package var containsSwift: Bool
    /// True when a `DT_NEEDED` entry names a `libswift…` library: the image takes its Swift runtime from a
    /// toolchain's shared libraries (found through its RUNPATH), not from inside itself.
    package var needsSwiftRuntime: Bool

    /// Facts as a check found them (the fuzz targets make them for bytes they do not check).
    package init(containsSwift: Bool, needsSwiftRuntime: Bool = false) {
        self.containsSwift = containsSwift
        self.needsSwiftRuntime = needsSwiftRuntime
    }

    /// Swift code with no shared Swift runtime needed: the runtime is linked into the image (`-static-stdlib`),
    /// so the image must be the only Swift in its process (Swift has no stable ABI on Linux: two runtimes
    /// in one process do not know each other's types).
    package var carriesSwiftRuntime: Bool { containsSwift && !needsSwiftRuntime }

    /// `e_machine` of the running host binary, read from `/proc/self/exe` (with a compile-time fallback).
    static let hostMachine: UInt16 = {
        if let bytes = try? ModuleFileReader.readPrefix(of: "/proc/self/exe", count: 20), bytes.count == 20,
            bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46
        {
            return UInt16(bytes[18]) | UInt16(bytes[19]) << 8
        }
        #if arch(x86_64)
        return 62
        #elseif arch(arm64)
        return 183
        #else
        return 0
        #endif
    }()

    /// A readable name for an ELF `e_machine` value.
    static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 3: "i386"
        case 8: "mips"
        case 20: "ppc"
        case 21: "ppc64"
        case 22: "s390x"
        case 40: "arm"
        case 62: "x86_64"
        case 183: "aarch64"
        case 243: "riscv"
        case 258: "loongarch"
        default: "e_machine \(machine)"
        }
    }

    /// Checks `bytes` (the whole file at `path`) and returns its facts, or the first problem found.
    package static func check(_ bytes: [UInt8], path: String) throws(ModuleError) -> ELFFacts {
        let size = UInt64(bytes.count)
        let rebuild = "rebuild it with cc -shared -fPIC"
        guard bytes.count >= 4, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            throw ModuleError(.notELF, path: path, reason: "not an ELF file (starts with \(preview(bytes)))", hint: rebuild)
        }
        func truncated(_ need: UInt64, _ what: String) -> ModuleError {
            ModuleError(
                .truncatedELF, path: path, reason: "truncated ELF file (\(size) bytes; \(what) \(need))",
                hint: "copy it again or rebuild it")
        }
        guard bytes.count >= 16 else { throw truncated(64, "the ELF header needs") }
        let hostName = machineName(hostMachine)
        switch bytes[4] {
        case 2: break
        case 1:
            throw ModuleError(
                .wrongClass, path: path, reason: "32-bit ELF file (ELFCLASS32); this host loads only 64-bit modules",
                hint: "rebuild it for 64-bit \(hostName)")
        default:
            throw ModuleError(
                .wrongClass, path: path, reason: "unknown ELF class \(bytes[4])", hint: "rebuild it for 64-bit \(hostName)")
        }
        guard bytes[5] == 1 else {
            throw ModuleError(
                .wrongArchitecture, path: path, reason: "big-endian ELF file; this host (\(hostName)) is little-endian",
                hint: "rebuild it for \(hostName)")
        }
        guard bytes.count >= 64 else { throw truncated(64, "the ELF header needs") }
        let machine = u16(bytes, 18)
        guard machine == hostMachine else {
            throw ModuleError(
                .wrongArchitecture, path: path,
                reason: "ELF file for \(machineName(machine)) (e_machine \(machine)); this host is \(hostName)",
                hint: "rebuild it for \(hostName)")
        }
        let type = u16(bytes, 16)
        guard type == 3 else {
            let what = type == 1 ? "an object file" : type == 2 ? "an executable" : "ELF type \(type)"
            throw ModuleError(
                .notSharedLibrary, path: path, reason: "\(what), not a shared library", hint: "link it with cc -shared -fPIC")
        }
        // Program headers and the bytes of every segment must lie inside the file.
        let phoff = u64(bytes, 32)
        let phentsize = UInt64(u16(bytes, 54))
        let phnum = UInt64(u16(bytes, 56))
        let phEnd = end(phoff, phnum * phentsize)
        guard phEnd <= size else { throw truncated(phEnd, "its program headers need") }
        if phentsize >= 40 {
            for index in 0..<phnum {
                let at = Int(phoff + index * phentsize)
                let segmentEnd = end(u64(bytes, at + 8), u64(bytes, at + 32))
                guard segmentEnd <= size else { throw truncated(segmentEnd, "its segments need") }
            }
        }
        // Sections (optional in a valid image) tell whether it contains Swift code.
        let shoff = u64(bytes, 40)
        let shentsize = UInt64(u16(bytes, 58))
        let shnum = UInt64(u16(bytes, 60))
        let shstrndx = UInt64(u16(bytes, 62))
        guard shoff != 0, shnum > 0, shentsize >= 64 else { return ELFFacts(containsSwift: false) }
        let shEnd = end(shoff, shnum * shentsize)
        guard shEnd <= size else { throw truncated(shEnd, "its section headers need") }
        var containsSwift = false
        var dynamicSection: Int?
        guard shstrndx < shnum else { return ELFFacts(containsSwift: false) }
        let strtab = Int(shoff + shstrndx * shentsize)
        let namesOffset = u64(bytes, strtab + 24)
        let namesSize = u64(bytes, strtab + 32)
        guard end(namesOffset, namesSize) <= size else { throw truncated(end(namesOffset, namesSize), "its section names need") }
        for index in 0..<shnum {
            let at = Int(shoff + index * shentsize)
            let sectionType = u32(bytes, at + 4)
            let sectionEnd = end(u64(bytes, at + 24), u64(bytes, at + 32))
            // Type 8 is SHT_NOBITS (.bss and the like), which takes no room in the file.
            if sectionType != 8 && sectionEnd > size { throw truncated(sectionEnd, "its sections need") }
            let nameAt = UInt64(u32(bytes, at))
            if nameAt < namesSize && hasPrefix(bytes, Int(namesOffset + nameAt), "swift5_") { containsSwift = true }
            // Type 6 is SHT_DYNAMIC: its entries name the libraries the image needs.
            if sectionType == 6 { dynamicSection = at }
        }
        let needsRuntime =
            dynamicSection.map { neededLibraries(bytes, section: $0, shoff: shoff, shnum: shnum, shentsize: shentsize) } ?? false
        return ELFFacts(containsSwift: containsSwift, needsSwiftRuntime: needsRuntime)
    }

    /// Whether a `DT_NEEDED` entry of the dynamic section whose header is at `section` names a `libswift…`
    /// library. The section's bytes were checked to lie inside the file; its string table (`sh_link`) is
    /// checked here, and anything malformed counts as needing nothing.
    private static func neededLibraries(_ bytes: [UInt8], section: Int, shoff: UInt64, shnum: UInt64, shentsize: UInt64) -> Bool {
        let link = UInt64(u32(bytes, section + 40))
        guard link < shnum else { return false }
        let strings = Int(shoff + link * shentsize)
        let stringsOffset = u64(bytes, strings + 24)
        let stringsSize = u64(bytes, strings + 32)
        guard end(stringsOffset, stringsSize) <= UInt64(bytes.count) else { return false }
        let offset = u64(bytes, section + 24)
        let count = u64(bytes, section + 32) / 16
        for index in 0..<count {
            let at = Int(offset + index * 16)
            let tag = u64(bytes, at)
            if tag == 0 { break }  // DT_NULL ends the table
            let value = u64(bytes, at + 8)
            // Tag 1 is DT_NEEDED; its value is an offset into the string table.
            if tag == 1 && value < stringsSize && hasPrefix(bytes, Int(stringsOffset + value), "libswift") { return true }
        }
        return false
    }

    /// The first bytes of a non-ELF file, as quoted text when printable, else as hex.
    static func preview(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(8)
        let isText = head.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        if !head.isEmpty, isText {
            let escaped = head.map { byte -> String in
                switch byte {
                case 0x0A: "\\n"
                case 0x09: "\\t"
                case 0x0D: "\\r"
                case 0x22: "\\\""
                case 0x5C: "\\\\"
                default: String(UnicodeScalar(byte))
                }
            }
            return "\"" + escaped.joined() + "\""
        }
        return "bytes "
            + head.map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined(separator: " ")
    }

    private static func end(_ offset: UInt64, _ length: UInt64) -> UInt64 {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? UInt64.max : sum
    }

    /// Compares in place: called for every section name of every module loaded.
    private static func hasPrefix(_ bytes: [UInt8], _ at: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard at >= 0, at + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { actual in
                memcmp(actual.baseAddress! + at, expected.baseAddress!, count) == 0
            }
        }
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
    }
    private static func u64(_ b: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
    }
}
