/// The one rule for module names (descriptor names, `tabhost new NAME`, `tabhost inspect NAME`) and
/// the one rule for module file names (discovery and the directory watcher).
///
/// Each check returns why a name breaks the rule, or nil when it follows it, so every caller shows
/// the same words.
package enum ModuleNameRules {
    /// The longest module name, in bytes.
    package static let maxNameBytes = 64
    /// What a module file's name ends with.
    package static let fileSuffix = ".so"

    /// Why `name` is not a module name (1 to 64 bytes of `[a-z0-9._-]`, not starting with a dot),
    /// or nil when it is one.
    ///
    /// A leading dot is refused because the name becomes a file and directory name (`tabhost new`,
    /// `NAME.so`): "." and ".." cannot be made, and other dot-names are hidden, which discovery skips.
    package static func nameProblem(_ name: String) -> String? {
        nameProblem(utf8: Array(name.utf8))
    }

    /// ``nameProblem(_:)`` for raw bytes (a descriptor's name need not be UTF-8).
    package static func nameProblem(utf8 bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return "module name is empty" }
        guard bytes.count <= maxNameBytes else { return "module name is longer than \(maxNameBytes) bytes" }
        guard bytes.allSatisfy(isNameByte) else {
            return "module name \(quoted(bytes)) has characters outside [a-z0-9._-]"
        }
        guard bytes.first != UInt8(ascii: ".") else {
            return "module name \(quoted(bytes)) starts with a dot (its file would be hidden)"
        }
        return nil
    }

    /// Why `fileName` (a name inside a directory, not a path) is not a module file's name, or nil
    /// when it is one: it ends in `suffix`, has something before it, and is not hidden (editor and
    /// rsync temporaries are dot-files), as the shell glob `*.so` matches.
    package static func fileNameProblem(_ fileName: String, suffix: String = fileSuffix) -> String? {
        guard fileName.utf8.count > 0, !fileName.utf8.contains(UInt8(ascii: "/")) else {
            return "\"\(fileName)\" is not a file name"
        }
        guard fileName.hasSuffix(suffix) else { return "\"\(fileName)\" does not end in \(suffix)" }
        guard !fileName.hasPrefix(".") else { return "\"\(fileName)\" is hidden (starts with a dot)" }
        guard fileName.utf8.count > suffix.utf8.count else { return "\"\(fileName)\" has no name before \(suffix)" }
        return nil
    }

    /// True when ``fileNameProblem(_:suffix:)`` finds nothing wrong with the file name `bytes` (as a
    /// directory listing gives it; discovery checks a thousand names without making Strings).
    package static func isFileName(utf8 bytes: [UInt8], suffix: String = fileSuffix) -> Bool {
        let suffix = suffix.utf8
        return bytes.count > suffix.count && bytes.first != UInt8(ascii: ".") && !bytes.contains(UInt8(ascii: "/"))
            && bytes.suffix(suffix.count).elementsEqual(suffix)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x5F
            || byte == 0x2D
    }

    /// Bytes shown in quotes, non-printable ones (and quotes, backslashes) as \xNN.
    package static func quoted(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text + "\""
    }
}
