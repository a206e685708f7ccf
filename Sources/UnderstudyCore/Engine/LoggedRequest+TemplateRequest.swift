import Foundation
import UnderstudyTemplating

/// A logged request is what response templates read (`{{request.…}}`).
extension LoggedRequest: TemplateRequest {
    /// The request id, as `{{request.id}}` shows it.
    public var templateID: String { id.lowercasedString }

    /// The headers, each name with its values, for `{{request.headers.…}}`.
    public var templateHeaders: [(name: String, values: [String])] {
        headers.names.map { ($0, headers.values($0)) }
    }

    /// The multipart parts, for `{{request.parts.…}}`.
    public func templateParts() -> [TemplateRequestPart] {
        let parts = MultipartParser.parts(body: body, contentType: headers.first("Content-Type")) ?? []
        return parts.map { part in
            TemplateRequestPart(
                name: part.name, fileName: part.fileName,
                headers: part.headers.names.map { ($0, part.headers.values($0)) }, body: part.body)
        }
    }
}
