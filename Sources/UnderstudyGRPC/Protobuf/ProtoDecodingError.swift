/// Why bytes are not the protobuf message they were read as; the text names the field where it can.
package struct ProtoDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }

    static let truncated = ProtoDecodingError("the message ends in the middle of a field")
    static let overlongVarint = ProtoDecodingError("a varint is longer than 10 bytes")
}
