/// A semantic version (semver.org 2.0.0): `MAJOR.MINOR.PATCH`, an optional `-PRERELEASE` and `+BUILD`,
/// ordered by SemVer's precedence (build metadata ignored; `1.0.0-rc.1` < `1.0.0`).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version.
    public let major: UInt64
    /// The minor version.
    public let minor: UInt64
    /// The patch version.
    public let patch: UInt64
    /// The dot-separated pre-release identifiers (empty for a release).
    public let prerelease: [String]
    /// The dot-separated build identifiers (not part of the order).
    public let build: [String]

    /// The version in `text`, or nil when it is not a semantic version.
    public init?(_ text: String) {
        var rest = Substring(text)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard build.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isIdentifierByte) }) else { return nil }
            rest = rest[..<plus]
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard prerelease.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isIdentifierByte) && !Self.hasLeadingZero($0) })
            else { return nil }
            rest = rest[..<dash]
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3 else { return nil }
        var numbers: [UInt64] = []
        for part in core {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), !Self.hasLeadingZero(part), let number = UInt64(part)
            else { return nil }
            numbers.append(number)
        }
        (major, minor, patch) = (numbers[0], numbers[1], numbers[2])
        self.prerelease = prerelease
        self.build = build
    }

    /// `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    /// SemVer precedence: the numbers, then a release above its pre-releases, then the identifiers one by
    /// one (numeric ones as numbers and below alphanumeric ones; a shorter list first when all else is equal).
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        if lhs.prerelease.isEmpty || rhs.prerelease.isEmpty { return !lhs.prerelease.isEmpty && rhs.prerelease.isEmpty }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (UInt64(left), UInt64(right)) {
            case (let left?, let right?): return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    /// Equality is precedence: build metadata does not count, as SemVer says.
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch) && lhs.prerelease == rhs.prerelease
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
    }

    /// A numeric identifier other than "0" may not start with 0 (an alphanumeric one may).
    private static func hasLeadingZero(_ part: some StringProtocol) -> Bool {
        part.utf8.count > 1 && part.utf8.first == 0x30 && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
