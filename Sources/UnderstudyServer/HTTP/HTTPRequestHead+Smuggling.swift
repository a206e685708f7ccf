import NIOHTTP1

extension HTTPRequestHead {
    /// Whether the connection may carry another request after this one. A request that carried
    /// both Transfer-Encoding and Content-Length is framed by the former, but RFC 9112 §6.3 says
    /// the server must close after answering it: a proxy in front may have framed it by the
    /// latter, and what we would read next is a request hidden in its body (request smuggling).
    var allowsAnotherRequest: Bool {
        isKeepAlive && !(headers.contains(name: "transfer-encoding") && headers.contains(name: "content-length"))
    }
}
