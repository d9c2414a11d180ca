import TabKit

/// A strict JSON parser (RFC 8259) that reports errors with line and column; a leading UTF-8 byte order
/// mark is skipped.
///
/// It scans the document's bytes through an unsafe buffer (every read is after an explicit
/// `index < count` check) and records each value's byte offset, not its line and column:
/// `SourcePositions` works those out only for the values an error names. Small objects check for
/// duplicate keys by comparing with the keys before, not through a set (a layout of 1,000 tabs
/// spent more on hashing keys than on reading them).
struct JSONParser {
    /// A syntax error at a position.
    struct SyntaxError: Error {
        let line: Int
        let column: Int
        let reason: String
    }

    /// A syntax error at a byte offset (the line and column are worked out once, at the top).
    private struct Failure: Error {
        let offset: Int
        let reason: String
    }

    /// Objects with at most this many keys look for a duplicate among the keys before; larger ones
    /// keep a set (a scan of the keys before each one made an object of many keys quadratic).
    private static let keysScannedForDuplicates = 12

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let maximumDepth: Int

    /// Parses `text` as one JSON value with objects and arrays nested at most `maximumDepth` deep.
    static func parse(_ text: String, maximumDepth: Int = 512) throws(SyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses `bytes` (valid UTF-8) as one JSON value; values carry byte offsets into `bytes`.
    static func parse(bytes: [UInt8], maximumDepth: Int = 512) throws(SyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, Failure> in
            var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth)
            do throws(Failure) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure):
            let (line, column) = SourcePositions(bytes: bytes).location(of: failure.offset)
            throw SyntaxError(line: line, column: column, reason: failure.reason)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private mutating func parseDocument() throws(Failure) -> JSONValue {
        // A UTF-8 byte order mark, which some editors write first: RFC 8259 lets a parser ignore it, and a
        // user reading "unexpected byte 0xef" could not see what is wrong with the file.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    private func error(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    /// The byte at `index`, or nil at the end.
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input; expected a value") }
        let start = index
        switch byte {
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "{"): return JSONValue(try parseObject(), offset: start)
        case UInt8(ascii: "["): return JSONValue(try parseArray(), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for b in utf8 {
            guard index < bytes.count, bytes[index] == b else { throw error("unexpected \(describeCurrent()); expected \(word)") }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue.Kind {
        try enter()
        defer { depth -= 1 }
        index += 1
        var keys: Set<String>?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        // One allocation for the common small object (growing from one member reallocated twice).
        var members: [JSONValue.Member] = []
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            if Self.isDuplicate(key, in: members, keys: &keys) {
                throw Failure(offset: keyStart, reason: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONValue.Member(key: key, offset: keyStart, value: value))
            skipWhitespace()
            guard let byte = current else { throw error("unexpected end of input; expected ',' or '}'") }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    /// Whether `key` is among the keys of `members` (the object's so far); `keys` is the set of
    /// them once the object has more than `keysScannedForDuplicates`.
    private static func isDuplicate(_ key: String, in members: [JSONValue.Member], keys: inout Set<String>?) -> Bool {
        if keys == nil {
            if members.count < keysScannedForDuplicates {
                return members.withUnsafeBufferPointer { members in
                    for i in members.indices where members[i].key == key { return true }
                    return false
                }
            }
            keys = Set(members.lazy.map(\.key))
        }
        return !keys!.insert(key).inserted
    }

    private mutating func parseArray() throws(Failure) -> JSONValue.Kind {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            let item = try parseValue()
            items.append(item)
            skipWhitespace()
            guard let byte = current else { throw error("unexpected end of input; expected ',' or ']'") }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        // Most strings have no escape: decode them straight from the bytes (already valid UTF-8).
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            index = end + 1
            return text
        }
        return try parseEscapedString()
    }

    /// The rest of a string that holds an escape (or is broken), from `index`.
    private mutating func parseEscapedString() throws(Failure) -> String {
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ p: inout JSONParser, _ s: inout String.UnicodeScalarView, _ end: Int) {
            s.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: p.bytes[run..<end]), as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                flush(&self, &scalars, index)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in a string (escape it, e.g. \\n)") }
            if b == UInt8(ascii: "\\") {
                flush(&self, &scalars, index)
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape \\\(Character(Unicode.Scalar(e)))")
                }
                run = index
                continue
            }
            index += 1
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw error("invalid \\u escape; expected 4 hex digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1 }
            return p.index - s
        }
        let intStart = index
        let intDigits = digits(&self)
        if intDigits == 0 { throw error("invalid number; expected a digit") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("invalid number; leading zeros are not allowed") }
        var isWhole = true
        if current == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            if digits(&self) == 0 { throw error("invalid number; expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isWhole = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("invalid number; expected a digit in the exponent") }
        }
        // A whole number of up to 15 digits is exact in a Double: no text conversion needed.
        if isWhole, intDigits <= 15 {
            var value = 0
            for i in intStart..<index { value = value * 10 + Int(bytes[i] &- UInt8(ascii: "0")) }
            return start == intStart ? Double(value) : -Double(value)
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else {
            throw error("invalid number")
        }
        return value
    }
}
