import UnderstudyJSON

/// JSON text laid out as protobuf-java's `JsonFormat.printer()` lays it out, which is what
/// WireMock's gRPC extension puts in a request's body (and so in journals and recordings):
/// two-space indents, `"key": value`, an empty message as `{\n}`, a list on one line.
package enum ProtoJSONText {
    package static func pretty(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        return output
    }

    private static func write(_ value: JSONValue, indent: String, into output: inout String) {
        switch value {
        case .object(let object):
            guard !object.isEmpty else {
                output += "{\n\(indent)}"
                return
            }
            output += "{\n"
            for (index, member) in object.members.enumerated() {
                output += indent + "  " + JSONWriter.string(.string(member.key)) + ": "
                write(member.value, indent: indent + "  ", into: &output)
                output += index == object.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                write(item, indent: indent, into: &output)
            }
            output += "]"
        default:
            output += JSONWriter.string(value)
        }
    }
}
