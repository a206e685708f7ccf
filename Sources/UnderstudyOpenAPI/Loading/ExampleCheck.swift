import UnderstudyJSON

/// A spec's own examples checked against the schemas beside them, once at load: an example that
/// breaks its schema is reported with its file, line and pointer, not served silently (answers
/// pass it over; see ``ConformingBody``).
enum ExampleCheck {
    /// One warning per JSON example, request and response, that its media type's schema refuses.
    static func warnings(
        _ operations: [OpenAPIOperation], validators: [JSONSchemaValidator], bundle: SpecBundle
    ) -> [OpenAPISpecError] {
        var warnings: [OpenAPISpecError] = []
        var seen = Set<String>()
        func check(_ media: MediaRule, direction: JSONSchemaValidator.Direction) {
            guard media.isJSON, let index = media.schemaIndex else { return }
            for (name, value) in media.examples {
                let pointer =
                    name == "example" && media.examples.first?.name == "example"
                    ? media.pointer + "/example" : media.pointer + "/examples/" + YAMLReader.escape(name) + "/value"
                guard seen.insert(pointer).inserted else { continue }
                guard let problem = validators[index].validate(value, direction: direction).first else { continue }
                let at = problem.instancePointer.isEmpty ? "" : " at \(problem.instancePointer)"
                warnings.append(
                    bundle.error(
                        at: pointer,
                        "the example breaks its own schema\(at) (\(problem.keyword): \(problem.message)); answers pass it over"
                    ))
            }
        }
        for operation in operations {
            for media in operation.body?.content ?? [] { check(media, direction: .request) }
            for response in operation.responses {
                for media in response.content { check(media, direction: .response) }
            }
        }
        return warnings
    }
}
