import SystemPackage
import TabModuleBundle
import _CArchive

#if canImport(Glibc)
import Glibc
#endif

/// Unpacks a `.tabmod` (tar, gzip or zstd, through libarchive) into a private staging directory, refusing
/// anything that is not a plain file or directory the manifest expects: the first of the install's checks.
///
/// The archive holds `manifest.json` first, then `manifest.minisig` (unless unsigned), then the listed
/// files, each once (directories only on the way to them). Refused: absolute paths, `..`, links (symbolic
/// and hard), devices, FIFOs, sockets, setuid and setgid bits, unlisted or repeated entries, and anything
/// past `BundleLimits`. Each refusal is one line naming the bundle and the entry; the staging directory is
/// removed. Sizes and hashes are recorded here and compared by `BundleVerifier` after the signature.
public struct BundleArchiveReader {
    /// The bundle file.
    public let path: String
    /// The limits checked while reading.
    public let limits: BundleLimits

    /// A reader of the bundle at `path`.
    public init(path: String, limits: BundleLimits = .standard) {
        self.path = path
        self.limits = limits
    }

    /// Unpacks the bundle into a new directory under `stagingParent` (which should be on the file system the
    /// bundle will be installed on, so the install is one rename).
    public func stage(in stagingParent: String) throws(BundleError) -> StagedBundle {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BundleFile.failure("cannot open", path: path, code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw BundleError(.io, path: path, reason: "not a regular file", hint: "give the path of a .tabmod file")
        }
        let directory = try StagingDirectory.make(in: stagingParent, bundle: path)
        do {
            return try unpack(fd, into: directory)
        } catch {
            FileTree.remove(directory)
            throw error
        }
    }

    private func unpack(_ fd: Int32, into directory: String) throws(BundleError) -> StagedBundle {
        guard let archive = archive_read_new() else {
            throw BundleError(.io, path: path, reason: "libarchive could not allocate a reader", hint: "try again")
        }
        defer { archive_read_free(archive) }
        archive_read_support_format_tar(archive)
        archive_read_support_filter_gzip(archive)
        archive_read_support_filter_zstd(archive)
        guard archive_read_open_fd(archive, fd, 65536) == ARCHIVE_OK else { throw damaged(archive) }
        let root = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { throw BundleFile.failure("cannot open the staging directory", path: directory, code: errno) }
        defer { close(root) }

        var state = ReadState()
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK, let entry else { throw damaged(archive) }
            if state.entries == 0 { try checkCompression(archive, &state) }
            state.entries += 1
            guard state.entries <= limits.maximumEntries else {
                throw refusal(.limitExceeded, nil, "the archive has more than \(limits.maximumEntries) entries", Self.tooLargeHint)
            }
            try readEntry(entry, archive: archive, root: root, state: &state)
        }
        guard let manifest = state.manifest, let manifestBytes = state.manifestBytes else {
            throw refusal(.malformedArchive, nil, "the archive holds no manifest.json", Self.packHint)
        }
        if let missing = manifest.files.first(where: { state.written[$0.path] == nil }) {
            throw refusal(.missingEntry, missing.path, "listed in manifest.json but not in the archive", Self.packHint)
        }
        return StagedBundle(
            bundlePath: path, directory: directory, manifest: manifest, manifestBytes: manifestBytes, signature: state.signature,
            compression: state.compression ?? .gzip, written: state.written)
    }

    /// What has been read so far.
    private struct ReadState {
        var entries = 0
        var totalBytes: UInt64 = 0
        var compression: BundleCompression?
        var manifest: BundleManifest?
        var manifestBytes: [UInt8]?
        var signature: Signature?
        var written: [String: (size: UInt64, sha256: String)] = [:]
        var listed: [String: BundleFileEntry] = [:]
        var directories: Set<String> = []
    }

    private func checkCompression(_ archive: OpaquePointer, _ state: inout ReadState) throws(BundleError) {
        switch archive_filter_code(archive, 0) {
        case ARCHIVE_FILTER_GZIP: state.compression = .gzip
        case ARCHIVE_FILTER_ZSTD: state.compression = .zstd
        default:
            throw refusal(.malformedArchive, nil, "the tar archive is not compressed with gzip or zstd", Self.packHint)
        }
    }

    private func readEntry(_ entry: OpaquePointer, archive: OpaquePointer, root: Int32, state: inout ReadState) throws(BundleError) {
        guard let rawName = archive_entry_pathname(entry) else {
            throw refusal(.unsafePath, nil, "an entry's path cannot be read as text", Self.unsafeHint)
        }
        let type = archive_entry_filetype(entry) & UInt32(Glibc.S_IFMT)
        var name = String(cString: rawName)
        if type == UInt32(Glibc.S_IFDIR) && name.hasSuffix("/") { name.removeLast() }
        if let problem = BundlePath.problem(name, allowReserved: true) { throw refusal(.unsafePath, name, problem, Self.unsafeHint) }
        if archive_entry_hardlink(entry) != nil { throw refusal(.unsafeEntry, name, "a hard link", Self.unsafeHint) }
        switch type {
        case UInt32(Glibc.S_IFREG), UInt32(Glibc.S_IFDIR): break
        case UInt32(Glibc.S_IFLNK): throw refusal(.unsafeEntry, name, "a symbolic link", Self.unsafeHint)
        case UInt32(Glibc.S_IFCHR), UInt32(Glibc.S_IFBLK): throw refusal(.unsafeEntry, name, "a device", Self.unsafeHint)
        case UInt32(Glibc.S_IFIFO): throw refusal(.unsafeEntry, name, "a FIFO", Self.unsafeHint)
        case UInt32(Glibc.S_IFSOCK): throw refusal(.unsafeEntry, name, "a socket", Self.unsafeHint)
        default: throw refusal(.unsafeEntry, name, "not a regular file or directory", Self.unsafeHint)
        }
        if archive_entry_mode(entry) & UInt32(Glibc.S_ISUID | Glibc.S_ISGID) != 0 {
            throw refusal(.unsafeEntry, name, "has the setuid or setgid bit", Self.unsafeHint)
        }
        if state.entries == 1 && name != BundlePath.manifest {
            throw refusal(.malformedArchive, name, "the first entry must be manifest.json", Self.packHint)
        }
        if type == UInt32(Glibc.S_IFDIR) {
            guard let manifest = state.manifest, manifest.files.contains(where: { $0.path.hasPrefix(name + "/") }),
                state.directories.insert(name).inserted
            else { throw refusal(.unlistedEntry, name, "a directory no listed file is in, or one that comes twice", Self.unsafeHint) }
            return
        }
        // The manifest and signature have limits of their own (checked as they are read).
        let declared = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : -1
        let own = name == BundlePath.manifest || name == BundlePath.signature
        guard declared >= 0, own || UInt64(declared) <= limits.maximumFileBytes else {
            throw refusal(.limitExceeded, name, "larger than \(limits.maximumFileBytes) bytes", Self.tooLargeHint)
        }
        switch name {
        case BundlePath.manifest:
            guard state.manifest == nil else { throw refusal(.unlistedEntry, name, "comes twice", Self.unsafeHint) }
            let bytes = try readSmall(archive, name: name, limit: BundleManifest.maximumBytes, state: &state)
            let manifest = try BundleManifest.decode(bytes, path: path)
            state.manifest = manifest
            state.manifestBytes = bytes
            state.listed = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            try write(bytes, name: name, root: root)
        case BundlePath.signature:
            guard state.entries == 2 else {
                throw refusal(.malformedArchive, name, "manifest.minisig must come right after manifest.json", Self.packHint)
            }
            let bytes = try readSmall(archive, name: name, limit: 16384, state: &state)
            state.signature = try Signature(fileContents: bytes, path: "\(path): \(name)")
            try write(bytes, name: name, root: root)
        default:
            guard state.listed[name] != nil else {
                throw refusal(.unlistedEntry, name, "not listed in manifest.json", Self.unsafeHint)
            }
            guard state.written[name] == nil else { throw refusal(.unlistedEntry, name, "comes twice", Self.unsafeHint) }
            state.written[name] = try extract(archive, name: name, root: root, state: &state)
        }
    }

    /// Reads a small member (the manifest, the signature) whole.
    private func readSmall(_ archive: OpaquePointer, name: String, limit: Int, state: inout ReadState) throws(BundleError) -> [UInt8] {
        var bytes: [UInt8] = []
        try readData(archive, name: name, state: &state) { (chunk: UnsafeRawBufferPointer) throws(BundleError) in
            bytes += chunk
            guard bytes.count <= limit else {
                throw refusal(.limitExceeded, name, "larger than \(limit) bytes", Self.tooLargeHint)
            }
        }
        return bytes
    }

    /// Writes a member to its file in the staging directory, hashing it on the way.
    private func extract(_ archive: OpaquePointer, name: String, root: Int32, state: inout ReadState) throws(BundleError) -> (
        size: UInt64, sha256: String
    ) {
        let fd: Int32
        switch StagingDirectory.createFile(name, under: root) {
        case .success(let opened): fd = opened
        case .failure(let error):
            throw refusal(.io, name, "cannot be written to the staging directory: \(error.description)", "check the disk and try again")
        }
        defer { close(fd) }
        var hasher = SHA256Hasher()
        var size: UInt64 = 0
        try readData(archive, name: name, state: &state) { (chunk: UnsafeRawBufferPointer) throws(BundleError) in
            hasher.update(chunk)
            size += UInt64(chunk.count)
            guard size <= limits.maximumFileBytes else {
                throw refusal(.limitExceeded, name, "larger than \(limits.maximumFileBytes) bytes", Self.tooLargeHint)
            }
            do throws(BundleError) {
                try BundleFile.writeAll(fd, Array(chunk), path: name)
            } catch {
                throw refusal(.io, name, "cannot be written to the staging directory: \(error.reason)", "check the disk and try again")
            }
        }
        return (size, Hex.encode(hasher.finish()))
    }

    /// Feeds the current member's data to `body` in chunks, checking the total and the compression ratio.
    private func readData(
        _ archive: OpaquePointer, name: String, state: inout ReadState, _ body: (UnsafeRawBufferPointer) throws(BundleError) -> Void
    ) throws(BundleError) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
            guard count >= 0 else { throw damaged(archive, entry: name) }
            if count == 0 { return }
            state.totalBytes += UInt64(count)
            guard state.totalBytes <= limits.maximumTotalBytes else {
                throw refusal(.limitExceeded, name, "the files hold more than \(limits.maximumTotalBytes) bytes in all", Self.tooLargeHint)
            }
            let compressed = UInt64(max(archive_filter_bytes(archive, -1), 1))
            if state.totalBytes > limits.ratioFreeBytes && state.totalBytes / compressed > limits.maximumCompressionRatio {
                throw refusal(
                    .limitExceeded, name, "the archive expands more than \(limits.maximumCompressionRatio) times (a compression bomb?)",
                    Self.unsafeHint)
            }
            let fed: Result<Void, BundleError> = buffer.withUnsafeBytes { all in
                do throws(BundleError) {
                    return .success(try body(UnsafeRawBufferPointer(rebasing: all[0..<count])))
                } catch {
                    return .failure(error)
                }
            }
            try fed.get()
        }
    }

    private func write(_ bytes: [UInt8], name: String, root: Int32) throws(BundleError) {
        switch StagingDirectory.createFile(name, under: root) {
        case .success(let fd):
            defer { close(fd) }
            try BundleFile.writeAll(fd, bytes, path: name)
        case .failure(let error):
            throw refusal(.io, name, "cannot be written to the staging directory: \(error.description)", "check the disk and try again")
        }
    }

    private static let unsafeHint = "do not install this bundle; tell its publisher (tabhost pack never writes such an entry)"
    private static let packHint = "the bundle is damaged or not made by tabhost pack; download it again or ask its publisher"
    private static let tooLargeHint = "the bundle is larger than TabHost accepts; ask its publisher for a smaller one"

    /// One line naming the bundle and, when there is one, the entry.
    private func refusal(_ code: BundleError.Code, _ entry: String?, _ reason: String, _ hint: String) -> BundleError {
        let shown = entry.map { "entry \"\($0.count > 120 ? $0.prefix(120) + "…" : Substring($0))\": " } ?? ""
        return BundleError(code, path: path, reason: shown + reason, hint: hint)
    }

    /// The archive is truncated, not a tar archive, or its compression is damaged: libarchive's words.
    private func damaged(_ archive: OpaquePointer, entry: String? = nil) -> BundleError {
        let detail = archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
        let line = detail.split(whereSeparator: \.isNewline).first.map(String.init) ?? detail
        return refusal(.malformedArchive, entry, "not a complete tar archive compressed with gzip or zstd (\(line))", Self.packHint)
    }
}
