import Foundation
import UnderstudyJSON

/// Which OpenAPI version a document declares, and its structure checked by OpenAPIKit.
enum StructureCheck {
    enum Version: Sendable {
        case v30
        case v31
    }

    /// The version the document declares: 3.0.x or 3.1.x, or it cannot be loaded.
    static func version(_ bundle: SpecBundle) throws(OpenAPISpecError) -> Version {
        guard let declared = bundle.root["openapi"]?.stringValue else {
            throw bundle.error(at: "", "no \"openapi\" version field; this is not an OpenAPI 3 document")
        }
        if declared.hasPrefix("3.0.") || declared == "3.0" { return .v30 }
        if declared.hasPrefix("3.1.") || declared == "3.1" { return .v31 }
        throw bundle.error(at: "/openapi", "OpenAPI \(declared) is not supported (3.0.x and 3.1.x are)")
    }

    /// OpenAPIKit decodes the document for its version without error.
    static func check(_ bundle: SpecBundle, version: Version) throws(OpenAPISpecError) {
        switch version {
        case .v30: try StructureCheck30.check(bundle)
        case .v31: try StructureCheck31.check(bundle)
        }
    }

    /// Decodes `type` from a document: from the values already read when ``SpecDecoder`` can
    /// (`quickly`), else (and to word any error) through JSON text and JSONDecoder.
    static func decode<T: Decodable>(_ type: T.Type, _ root: JSONValue, quickly: Bool = true) throws {
        if quickly, SpecDecoder.decodes(type, from: root) { return }
        _ = try JSONDecoder().decode(type, from: JSONWriter.data(root))
    }

    /// A coding path as a JSON pointer.
    static func pointer(_ path: [any CodingKey]) -> String {
        path.map { key in "/" + YAMLReader.escape(key.intValue.map(String.init) ?? key.stringValue) }.joined()
    }
}
