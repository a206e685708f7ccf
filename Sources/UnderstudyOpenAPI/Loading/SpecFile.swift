import Foundation
import UnderstudyJSON
import Yams

/// One spec file read into JSON, with the line each value starts on (YAML and JSON alike).
struct SpecFile: Sendable {
    let url: URL
    let root: JSONValue
    /// The line of each value, by JSON pointer.
    let lines: [String: Int]

    /// Reads a `.json` file as JSON and anything else as YAML (of which JSON is a subset).
    static func read(_ url: URL) throws(OpenAPISpecError) -> SpecFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OpenAPISpecError(file: url.path, reason: "cannot read the file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw OpenAPISpecError(file: url.path, reason: "the file is not UTF-8 text")
        }
        if url.pathExtension.lowercased() == "json" {
            do {
                let root = try JSONParser.parse(data)
                // JSON gets lines from the same YAML pass, which reads JSON too; a failure there costs only lines.
                let lines = (try? YAMLReader.read(text, file: url.path))?.1 ?? [:]
                return SpecFile(url: url, root: root, lines: lines)
            } catch {
                throw OpenAPISpecError(file: url.path, line: error.line, reason: "not valid JSON: \(error.message)")
            }
        }
        let (root, lines) = try YAMLReader.read(text, file: url.path)
        return SpecFile(url: url, root: root, lines: lines)
    }

    /// The line of the value at `pointer`, or of the nearest value around it.
    func line(of pointer: String) -> Int? {
        var current = pointer
        while true {
            if let line = lines[current] { return line }
            guard let slash = current.lastIndex(of: "/") else { return nil }
            current = String(current[..<slash])
        }
    }
}
