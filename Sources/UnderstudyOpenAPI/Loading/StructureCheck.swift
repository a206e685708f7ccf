import Foundation
import UnderstudyJSON

/// Which OpenAPI version a document declares, and its structure checked by OpenAPIKit.
enum StructureCheck {
    enum Version: Sendable {
        case v30
        case v31
    }

    /// The document's version, after OpenAPIKit has decoded it without error.
    static func check(_ bundle: SpecBundle) throws(OpenAPISpecError) -> Version {
        guard let declared = bundle.root["openapi"]?.stringValue else {
            throw bundle.error(at: "", "no \"openapi\" version field; this is not an OpenAPI 3 document")
        }
        let data = JSONWriter.data(bundle.root)
        if declared.hasPrefix("3.0.") || declared == "3.0" {
            try StructureCheck30.check(data, bundle: bundle)
            return .v30
        }
        if declared.hasPrefix("3.1.") || declared == "3.1" {
            try StructureCheck31.check(data, bundle: bundle)
            return .v31
        }
        throw bundle.error(at: "/openapi", "OpenAPI \(declared) is not supported (3.0.x and 3.1.x are)")
    }

    /// A coding path as a JSON pointer.
    static func pointer(_ path: [any CodingKey]) -> String {
        path.map { key in "/" + YAMLReader.escape(key.intValue.map(String.init) ?? key.stringValue) }.joined()
    }
}
