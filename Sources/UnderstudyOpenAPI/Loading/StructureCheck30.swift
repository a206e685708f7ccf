import Foundation
import OpenAPIKit30
import UnderstudyJSON

/// Decodes an OpenAPI 3.0 document with OpenAPIKit30, as ``StructureCheck31`` does for 3.1.
enum StructureCheck30 {
    typealias Document = OpenAPI.Document

    static func check(_ bundle: SpecBundle) throws(OpenAPISpecError) {
        do {
            try StructureCheck.decode(Document.self, bundle.root)
        } catch {
            let problem = OpenAPI.Error(from: error)
            throw bundle.error(at: StructureCheck.pointer(problem.codingPath), problem.localizedDescription)
        }
    }
}
