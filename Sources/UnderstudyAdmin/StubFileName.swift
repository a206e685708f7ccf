import UnderstudyCore

/// WireMock's default file name for a saved stub: `{name or method-url}-{id}.json`, reduced to
/// lower-case letters, digits, `-` and `_` so it is safe on every file system.
///
/// `package`, so that `UnderstudyRecording` names recorded stubs with the same ``sanitise(_:)``.
package enum StubFileName {
    /// Long names are cut so the whole name stays well under common file-name limits.
    static let maximumStemLength = 150

    static func make(for stub: StubMapping) -> String {
        let stem: String
        if let name = stub.name, !name.isEmpty {
            stem = name
        } else {
            stem = "\(stub.request.method.description)-\(stub.request.url?.text ?? "")"
        }
        var cleaned = sanitise(stem)
        if cleaned.count > maximumStemLength { cleaned = String(cleaned.prefix(maximumStemLength)) }
        let id = stub.id.lowercasedString
        return cleaned.isEmpty ? "\(id).json" : "\(cleaned)-\(id).json"
    }

    /// Lower-cases, turns every other character into `-`, collapses runs and trims the ends.
    package static func sanitise(_ text: String) -> String {
        var result = ""
        var lastWasDash = true
        for scalar in text.lowercased().unicodeScalars {
            let safe = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            if safe {
                result.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                result.append("-")
                lastWasDash = true
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}
