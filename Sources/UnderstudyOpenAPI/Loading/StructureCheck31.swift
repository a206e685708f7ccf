import Foundation
import OpenAPIKit
import UnderstudyJSON

/// Decodes an OpenAPI 3.1 document with OpenAPIKit: every object, field and type the
/// specification requires, checked before anything is served from it.
enum StructureCheck31 {
    static func check(_ data: Data, bundle: SpecBundle) throws(OpenAPISpecError) {
        do {
            _ = try JSONDecoder().decode(OpenAPI.Document.self, from: data)
        } catch {
            let problem = OpenAPI.Error(from: error)
            throw bundle.error(at: StructureCheck.pointer(problem.codingPath), problem.localizedDescription)
        }
    }
}
