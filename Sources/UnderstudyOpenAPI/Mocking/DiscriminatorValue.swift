import UnderstudyJSON

/// The discriminator value that selects a branch, as validation reads it: the `mapping` key
/// whose target is the branch's `$ref` (a target may be a schema name, `Dog`, or a reference),
/// else, when no mapping entry names it, the referenced schema's name.
enum DiscriminatorValue {
    static func selecting(_ branch: JSONValue, in discriminator: JSONValue) -> String? {
        guard let reference = branch["$ref"]?.stringValue else { return nil }
        for entry in discriminator["mapping"]?.objectValue ?? JSONObject() {
            guard let target = entry.value.stringValue else { continue }
            let asReference = target.contains("#") || target.contains("/") ? target : "#/components/schemas/" + target
            if asReference == reference { return entry.key }
        }
        guard let name = SpecPointer.tokens(String(reference.drop { $0 != "#" }.dropFirst()))?.last else { return nil }
        return name
    }

    /// The one value a branch's own schema allows for the discriminator's property
    /// (`enum: [track]` or `const: track`), if it fixes one, looking through `$ref`s and `allOf`.
    static func fixed(
        _ property: String, of branch: JSONValue, resolving resolve: (JSONValue) -> JSONValue, depth: Int = 0
    ) -> String? {
        let schema = resolve(branch)
        guard depth < 8 else { return nil }
        if let own = schema["properties"]?[property] {
            let own = resolve(own)
            if let constant = own["const"]?.stringValue { return constant }
            if let values = own["enum"]?.arrayValue, values.count == 1 { return values[0].stringValue }
        }
        for part in schema["allOf"]?.arrayValue ?? [] {
            if let value = fixed(property, of: part, resolving: resolve, depth: depth + 1) { return value }
        }
        return nil
    }
}
