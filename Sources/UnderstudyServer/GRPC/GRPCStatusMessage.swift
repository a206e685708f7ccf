/// `grpc-message`'s percent-encoding (the gRPC over HTTP/2 spec): printable ASCII but `%` as
/// it is, every other UTF-8 byte as `%XX`.
enum GRPCStatusMessage {
    static func encode(_ message: String) -> String {
        var encoded = ""
        for byte in message.utf8 {
            if byte >= 0x20, byte <= 0x7e, byte != UInt8(ascii: "%") {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
