import Foundation

/// One part of a `multipart/*` body.
public struct MultipartPart: Sendable {
    /// The part's headers.
    public var headers: HeaderFields
    /// The part's body.
    public var body: Data

    /// The `name` parameter of the part's `Content-Disposition`.
    public var name: String? { dispositionParameter("name") }
    /// The `filename` parameter of the part's `Content-Disposition`.
    public var fileName: String? { dispositionParameter("filename") }

    func dispositionParameter(_ key: String) -> String? {
        guard let disposition = headers.first("Content-Disposition") else { return nil }
        for item in disposition.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}

/// Splits a multipart body on its boundary (RFC 2046). Tolerant: a malformed body gives nil.
enum MultipartParser {
    static func parts(body: Data, contentType: String?) -> [MultipartPart]? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/"), let boundary = boundary(contentType)
        else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        let bytes = [UInt8](body)
        var positions: [Int] = []
        var i = 0
        while let found = find(delimiter, in: bytes, from: i) {
            positions.append(found)
            i = found + delimiter.count
        }
        guard positions.count >= 2 else { return nil }
        var parts: [MultipartPart] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            if partStart + 1 < bytes.count, bytes[partStart] == 13, bytes[partStart + 1] == 10 { partStart += 2 }
            var partEnd = end
            if partEnd >= 2, bytes[partEnd - 2] == 13, bytes[partEnd - 1] == 10 { partEnd -= 2 }
            guard partStart <= partEnd else { continue }
            let part = Array(bytes[partStart..<partEnd])
            let separator: [UInt8] = [13, 10, 13, 10]
            let headerEnd = find(separator, in: part, from: 0)
            var headers = HeaderFields()
            let headerBytes = headerEnd.map { Array(part[0..<$0]) } ?? []
            for line in String(decoding: headerBytes, as: UTF8.self).components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.add(
                    String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                    String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            }
            let content = headerEnd.map { Array(part[($0 + 4)...]) } ?? part
            parts.append(MultipartPart(headers: headers, body: Data(content)))
        }
        return parts
    }

    static func boundary(_ contentType: String) -> String? {
        for item in contentType.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
