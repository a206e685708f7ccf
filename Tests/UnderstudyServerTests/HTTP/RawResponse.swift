/// One HTTP/1.1 response as read off the wire.
struct RawResponse {
    var statusLine: String
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    var wasChunked: Bool
    /// How many non-empty chunks a chunked body came in, as framed on the wire.
    var chunkCount = 0

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    func header(_ name: String) -> String? { values(name).first }

    /// A whole response from the front of `bytes` and how many bytes it took; nil when incomplete.
    static func parse(_ bytes: [UInt8], bodyless: Bool = false) -> (RawResponse, Int)? {
        guard let headEnd = find([13, 10, 13, 10], in: bytes, from: 0) else { return nil }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        let status = parts.count > 1 ? Int(parts[1]) ?? -1 : -1
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = RawResponse(
            statusLine: statusLine, status: status, headers: headers, body: [], wasChunked: false)
        let bodyStart = headEnd + 4
        if bodyless || status == 204 || status == 304 || (100..<200).contains(status) {
            return (response, bodyStart)
        }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            response.wasChunked = true
            var index = bodyStart
            while true {
                guard let lineEnd = find([13, 10], in: bytes, from: index) else { return nil }
                let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText, radix: 16) else { return nil }
                index = lineEnd + 2
                if size == 0 {
                    guard bytes.count >= index + 2 else { return nil }
                    return (response, index + 2)
                }
                guard bytes.count >= index + size + 2 else { return nil }
                response.body += bytes[index..<(index + size)]
                response.chunkCount += 1
                index += size + 2
            }
        }
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        guard bytes.count >= bodyStart + length else { return nil }
        response.body = Array(bytes[bodyStart..<(bodyStart + length)])
        return (response, bodyStart + length)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}
