/// Which bytes HTTP/1.1's syntax allows where. Looked up in tables built once: the fast path
/// asks about every byte of every request it reads.
enum HTTPByteClass {
    /// RFC 9110 token characters: methods and header names.
    static func isToken(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

    /// RFC 3986 unreserved and reserved characters and `%`, without `#`: what a request target
    /// is made of.
    static func isTarget(_ byte: UInt8) -> Bool { targetTable[Int(byte)] }

    private static let tokenTable = table(alphanumericsAnd: "!#$%&'*+-.^_`|~")
    private static let targetTable = table(alphanumericsAnd: "-._~:/?[]@!$&'()*+,;=%")

    private static func table(alphanumericsAnd others: String) -> [Bool] {
        (0..<256).map { value in
            let byte = UInt8(value)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return others.utf8.contains(byte)
            }
        }
    }
}
