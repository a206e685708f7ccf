/// The names under which ``RequestFramingScanner`` carries what NIO's decoder (llhttp) would
/// refuse or act on past it; ``LoggedRequest`` puts the real names back, so the journal and the
/// matchers see the request as sent.
enum SetAsideHeader {
    /// A `Content-Length` sent next to `Transfer-Encoding`, which the latter overrides.
    static let contentLength = "X-Understudy-Set-Aside-Content-Length"
    /// A method token llhttp does not know; the request line says `POST` meanwhile. Read back
    /// only as the first header line, where the scanner puts it.
    static let method = "X-Understudy-Set-Aside-Method"
    /// `Upgrade`, which would make llhttp stop parsing the connection.
    static let upgrade = "X-Understudy-Set-Aside-Upgrade"
    /// What every set-aside name starts with, lowercased.
    static let prefix = "x-understudy-set-aside-"

    /// The name as the client sent it.
    static func original(of name: String) -> String? {
        guard name.utf8.count > prefix.utf8.count, name.utf8.first == UInt8(ascii: "X") else { return nil }
        switch name {
        case contentLength: return "Content-Length"
        case upgrade: return "Upgrade"
        default: return nil
        }
    }
}
