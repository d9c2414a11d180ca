/// Parses the `.tabtest` format: one step a line, `#` starts a comment, strings in double quotes with
/// `\"`, `\\` and `\n`.
public struct TestScriptParser: Sendable {
    /// The file named in errors.
    public var file: String

    /// A parser whose errors name `file`.
    public init(file: String) {
        self.file = file
    }

    /// The script `text` holds.
    public func parse(_ text: String) throws(TestScriptError) -> TestScript {
        var script = TestScript(path: file)
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let words = try split(rawLine, line: number)
            guard let verb = words.first else { continue }
            let source = String(rawLine.drop(while: { $0 == " " || $0 == "\t" })).trimmingTrailingWhitespace
            let arguments = Array(words.dropFirst())
            switch verb.text {
            case "param":
                guard script.steps.isEmpty else { throw error(number, "param must come before the first step") }
                guard script.param == nil else { throw error(number, "param given twice") }
                script.param = try string(arguments, verb: "param", line: number)
            case "grant":
                guard !arguments.isEmpty, arguments.allSatisfy({ !$0.quoted }) else {
                    throw error(number, "grant takes permission names: grant network")
                }
                script.grants += arguments.map(\.text)
            default:
                let action = try self.action(verb.text, arguments, line: number)
                script.steps.append(TestStep(line: number, action: action, source: source))
            }
        }
        return script
    }

    private func action(_ verb: String, _ arguments: [Word], line: Int) throws(TestScriptError) -> TestStepAction {
        switch verb {
        case "size":
            let value = try bare(arguments, verb: verb, line: line)
            let parts = value.split(separator: "x")
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), (10...1000).contains(columns),
                (5...1000).contains(rows)
            else { throw error(line, "size takes COLSxROWS, 10x5 to 1000x1000: size 80x24") }
            return .size(columns: columns, rows: rows)
        case "press":
            guard !arguments.isEmpty else { throw error(line, "press takes one or more keys: press down enter") }
            var keys: [TestKey] = []
            for argument in arguments {
                // A quoted key is one character that would otherwise start a comment or a string: press "#".
                guard let key = TestKey(argument.text), !argument.quoted || argument.text.count == 1 else {
                    throw error(
                        line,
                        "unknown key \"\(argument.text)\"; keys: enter esc tab backtab up down left right home end pageup "
                            + "pagedown backspace delete space ctrl-X alt-enter, or one character")
                }
                keys.append(key)
            }
            return .press(keys)
        case "type": return .type(try string(arguments, verb: verb, line: line))
        case "click": return .click(try string(arguments, verb: verb, line: line))
        case "wait":
            let value = try bare(arguments, verb: verb, line: line)
            guard let duration = Self.duration(value) else { throw error(line, "wait takes a duration: wait 500ms, wait 2s") }
            return .wait(duration)
        case "reload", "restart":
            guard arguments.isEmpty else { throw error(line, "\(verb) takes nothing") }
            return verb == "reload" ? .reload : .restart
        case "snapshot":
            let name = try bare(arguments, verb: verb, line: line)
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }), !name.hasPrefix(".") else {
                throw error(line, "a snapshot name is letters, digits, - _ and . (not first)")
            }
            return .snapshot(name)
        case "expect": return try expectation(arguments, line: line)
        default:
            throw error(
                line,
                "unknown step \"\(verb)\"; steps: param size grant press type click wait reload restart expect snapshot")
        }
    }

    private func expectation(_ arguments: [Word], line: Int) throws(TestScriptError) -> TestStepAction {
        if arguments.count == 1, arguments[0].quoted { return .expectText(arguments[0].text) }
        guard arguments.count == 2, !arguments[0].quoted, arguments[1].quoted else {
            throw error(line, "expect takes \"TEXT\", or not, focus, result, title, log, clipboard or toast and \"TEXT\"")
        }
        let text = arguments[1].text
        switch arguments[0].text {
        case "not": return .expectNoText(text)
        case "focus": return .expectFocus(text)
        case "result": return .expectResult(text)
        case "title": return .expectTitle(text)
        case "log": return .expectLog(text)
        case "clipboard": return .expectClipboard(text)
        case "toast": return .expectToast(text)
        default: throw error(line, "expect takes \"TEXT\", or not, focus, result, title, log, clipboard or toast and \"TEXT\"")
        }
    }

    /// `500ms`, `2s`, `1.5s`; nil for anything else.
    static func duration(_ text: String) -> Duration? {
        if text.hasSuffix("ms"), let value = Int(text.dropLast(2)), value >= 0 { return .milliseconds(value) }
        if text.hasSuffix("s"), let value = Double(text.dropLast()), value >= 0, value <= 86_400 {
            return .milliseconds(Int((value * 1000).rounded()))
        }
        return nil
    }

    private func string(_ arguments: [Word], verb: String, line: Int) throws(TestScriptError) -> String {
        guard arguments.count == 1, arguments[0].quoted else { throw error(line, "\(verb) takes one string in double quotes") }
        return arguments[0].text
    }

    private func bare(_ arguments: [Word], verb: String, line: Int) throws(TestScriptError) -> String {
        guard arguments.count == 1, !arguments[0].quoted else { throw error(line, "\(verb) takes one word") }
        return arguments[0].text
    }

    private func error(_ line: Int, _ reason: String) -> TestScriptError {
        TestScriptError(file: file, line: line, reason: reason)
    }

    /// One word of a line: bare, or a quoted string with its escapes undone.
    private struct Word {
        var text: String
        var quoted: Bool
    }

    private func split(_ line: Substring, line number: Int) throws(TestScriptError) -> [Word] {
        var words: [Word] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" || character == "\r" {
                index = line.index(after: index)
            } else if character == "#" {
                break
            } else if character == "\"" {
                var text = ""
                index = line.index(after: index)
                var closed = false
                while index < line.endIndex {
                    let next = line[index]
                    index = line.index(after: index)
                    if next == "\"" {
                        closed = true
                        break
                    }
                    guard next == "\\" else {
                        text.append(next)
                        continue
                    }
                    guard index < line.endIndex else { break }
                    let escaped = line[index]
                    index = line.index(after: index)
                    switch escaped {
                    case "n": text.append("\n")
                    case "\"": text.append("\"")
                    case "\\": text.append("\\")
                    case "t": text.append("\t")
                    default: throw error(number, "unknown escape \\\(escaped) (use \\\" \\\\ \\n \\t)")
                    }
                }
                guard closed else { throw error(number, "a string is not closed (a \" is missing)") }
                words.append(Word(text: text, quoted: true))
            } else {
                let start = index
                while index < line.endIndex, ![" ", "\t", "\r", "\""].contains(line[index]) { index = line.index(after: index) }
                words.append(Word(text: String(line[start..<index]), quoted: false))
            }
        }
        return words
    }
}
