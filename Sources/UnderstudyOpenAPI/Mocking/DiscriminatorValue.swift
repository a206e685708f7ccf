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
}
