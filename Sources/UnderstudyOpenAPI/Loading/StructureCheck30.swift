import Foundation
import OpenAPIKit30
import UnderstudyJSON

/// Decodes an OpenAPI 3.0 document with OpenAPIKit30, as ``StructureCheck31`` does for 3.1.
enum StructureCheck30 {
    static func check(_ data: Data, bundle: SpecBundle) throws(OpenAPISpecError) {
        do {
            _ = try JSONDecoder().decode(OpenAPI.Document.self, from: data)
        } catch {
            let problem = OpenAPI.Error(from: error)
            throw bundle.error(at: StructureCheck.pointer(problem.codingPath), problem.localizedDescription)
        }
    }
}
