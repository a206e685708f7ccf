import UnderstudyJSON

/// The body a spec answers with, kept to the spec's own schema: the first of its candidates that
/// the media type's schema accepts. A spec's examples come first, but an example that breaks
/// its own schema is passed over (or, written as JSON text in a string where the schema wants
/// an object, read as that JSON); then a value generated with the schema's own examples, then
/// one generated without them, then a few drawn at random. Only when none conforms is the first
/// candidate sent as it is.
struct ConformingBody {
    let spec: OpenAPISpec
    let media: MediaRule
    let generator: ExampleGenerator

    func value() -> JSONValue {
        var tried: [JSONValue] = []
        for candidate in candidates() {
            if conforms(candidate) { return candidate }
            tried.append(candidate)
            if tried.count >= 8 { break }
        }
        return tried.first ?? .object(JSONObject())
    }

    /// Candidates in order of preference, made only as they are asked for.
    private func candidates() -> AnySequence<JSONValue> {
        let media = self.media
        let generator = self.generator
        var steps: [() -> JSONValue?] = []
        if !generator.dynamic, let example = media.examples.first?.value {
            steps.append { example }
            if case .string(let text) = example {
                steps.append { try? JSONParser.parse(text) }
            }
        }
        if let schema = media.schema {
            steps.append { generator.value(for: schema) }
            var plain = generator
            plain.usesExamples = false
            steps.append { plain.value(for: schema) }
            var random = generator
            random.dynamic = true
            for _ in 0..<4 { steps.append { random.value(for: schema) } }
        }
        return AnySequence(steps.lazy.compactMap { $0() })
    }

    private func conforms(_ value: JSONValue) -> Bool {
        guard let index = media.schemaIndex else { return true }
        return spec.validators[index].validate(value, direction: .response).isEmpty
    }
}
