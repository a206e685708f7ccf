import Foundation
import UnderstudyJSON
import Yams

/// One spec file read into JSON, with its text for placing a problem on a line (YAML and JSON alike).
struct SpecFile: Sendable {
    let url: URL
    let root: JSONValue
    /// Kept so that a failing load can find a line; a load that succeeds never reads it again.
    let text: String

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
                return SpecFile(url: url, root: try JSONParser.parse(data), text: text)
            } catch {
                throw OpenAPISpecError(file: url.path, line: error.line, reason: "not valid JSON: \(error.message)")
            }
        }
        return SpecFile(url: url, root: try YAMLReader.read(text, file: url.path), text: text)
    }

    /// The line of the value at `pointer`, or of the nearest value around it. JSON is read for it
    /// as YAML, of which it is a subset; a file that does not read so has no lines.
    func line(of pointer: String) -> Int? {
        YAMLReader.line(of: pointer, in: text)
    }
}
