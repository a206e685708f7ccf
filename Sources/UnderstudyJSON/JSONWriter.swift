import Foundation

/// Writes `JSONValue`s as text: compact for the wire, or pretty (Jackson's `"key" : value`
/// style, which is what WireMock users see in diffs and saved mappings).
public enum JSONWriter {
    /// Compact, or indented for people.
    public enum Style: Sendable {
        /// No whitespace.
        case compact
        /// Indented, one member per line.
        case pretty
    }

    /// The value as JSON text.
    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        var output = ""
        write(value, into: &output, style: style, indent: 0)
        return output
    }

    /// The value as UTF-8 JSON.
    public static func data(_ value: JSONValue, style: Style = .compact) -> Data {
        Data(string(value, style: style).utf8)
    }

    /// Appends the value's compact text.
    static func write(_ value: JSONValue, into output: inout String) {
        write(value, into: &output, style: .compact, indent: 0)
    }

    private static func write(_ value: JSONValue, into output: inout String, style: Style, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let b): output += b ? "true" : "false"
        case .number(let n): output += n.text
        case .string(let s): writeString(s, into: &output)
        case .array(let elements):
            if elements.isEmpty {
                output += "[ ]"
                if style == .compact {
                    output.removeLast(3)
                    output += "[]"
                }
                return
            }
            output += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { output += "," }
                if style == .pretty { newline(&output, indent + 1) }
                write(element, into: &output, style: style, indent: indent + 1)
            }
            if style == .pretty { newline(&output, indent) }
            output += "]"
        case .object(let object):
            if object.isEmpty {
                output += style == .pretty ? "{ }" : "{}"
                return
            }
            output += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { output += "," }
                if style == .pretty { newline(&output, indent + 1) }
                writeString(member.key, into: &output)
                output += style == .pretty ? " : " : ":"
                write(member.value, into: &output, style: style, indent: indent + 1)
            }
            if style == .pretty { newline(&output, indent) }
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int) {
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Escapes what RFC 8259 requires and nothing more (non-ASCII stays as UTF-8, `/` stays bare).
    static func writeString(_ string: String, into output: inout String) {
        output += "\""
        var needsEscaping = false
        for byte in string.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSONWriter.string(self) }
}
