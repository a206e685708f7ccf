import Foundation
import OpenAPIKit
import UnderstudyJSON

/// Decodes an OpenAPI 3.1 document with OpenAPIKit: every object, field and type the
/// specification requires, checked before anything is served from it.
enum StructureCheck31 {
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
