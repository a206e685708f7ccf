import Foundation
import UnderstudyTemplating

/// A logged request is what response templates read (`{{request.…}}`).
extension LoggedRequest: TemplateRequest {
    public var templateID: String { id.lowercasedString }

    public var templateHeaders: [(name: String, values: [String])] {
        headers.names.map { ($0, headers.values($0)) }
    }

    public func templateParts() -> [TemplateRequestPart] {
        let parts = MultipartParser.parts(body: body, contentType: headers.first("Content-Type")) ?? []
        return parts.map { part in
            TemplateRequestPart(
                name: part.name, fileName: part.fileName,
                headers: part.headers.names.map { ($0, part.headers.values($0)) }, body: part.body)
        }
    }
}
