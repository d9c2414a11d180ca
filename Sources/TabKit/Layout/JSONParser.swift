/// A strict JSON parser (RFC 8259) that reports errors with line and column.
struct JSONParser {
    /// A syntax error at a position.
    struct SyntaxError: Error {
        let line: Int
        let column: Int
        let reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private let maximumDepth: Int

    /// Parses `text` as one JSON value with objects and arrays nested at most `maximumDepth` deep.
    static func parse(_ text: String, maximumDepth: Int = 512) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document") }
        return value
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The 1-based column (in characters) of `index`, counted on from the last position asked
    /// for on the same line: positions only move forward, and recounting the whole line for every
    /// value made a one-line layout of 1,000 tabs quadratic.
    private var column: Int {
        let mark = columnMark
        let from = mark.lineStart == lineStart && mark.index <= index ? mark.index : lineStart
        let base = mark.lineStart == lineStart && mark.index <= index ? mark.column : 1
        let column = base + Self.characterCount(bytes[from..<index])
        columnMark.lineStart = lineStart
        columnMark.index = index
        columnMark.column = column
        return column
    }

    /// The characters in `span`: its length when it is ASCII (no line break lies inside it, so no
    /// two ASCII bytes form one character), else grapheme clusters (that iteration cost 1,000 tabs
    /// a third of the layout's parse).
    private static func characterCount(_ span: ArraySlice<UInt8>) -> Int {
        if span.allSatisfy({ $0 < 0x80 }) { return span.count }
        return String(decoding: span, as: UTF8.self).count
    }

    /// Where `column` last counted to (a class, so the non-mutating `column` can update it).
    private final class ColumnMark {
        var lineStart = 0
        var index = 0
        var column = 1
    }

    private let columnMark = ColumnMark()

    private func error(_ reason: String) -> SyntaxError { SyntaxError(line: line, column: column, reason: reason) }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
        let (l, c) = (line, column)
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(try parseObject(), line: l, column: c)
        case UInt8(ascii: "["): return JSONValue(try parseArray(), line: l, column: c)
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), line: l, column: c)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(.bool(true), line: l, column: c)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(.bool(false), line: l, column: c)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(.null, line: l, column: c)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), line: l, column: c)
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for b in word.utf8 {
            guard index < bytes.count, bytes[index] == b else { throw error("unexpected \(describeCurrent()); expected \(word)") }
            index += 1
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue.Kind {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONValue.Member] = []
        // A set, not a scan of `members`: an object of many keys made the duplicate check quadratic.
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let (l, c) = (line, column)
            let key = try parseString()
            if !keys.insert(key).inserted {
                throw SyntaxError(line: l, column: c, reason: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, line: l, column: c, value: try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue.Kind {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        // Most strings have no escape: decode them straight from the bytes (already valid UTF-8).
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ p: inout JSONParser, _ s: inout String.UnicodeScalarView, _ end: Int) {
            s.append(contentsOf: String(decoding: p.bytes[run..<end], as: UTF8.self).unicodeScalars)
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

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
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

    private mutating func parseNumber() throws(SyntaxError) -> Double {
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
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("invalid number; expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("invalid number; expected a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("invalid number")
        }
        return value
    }
}
