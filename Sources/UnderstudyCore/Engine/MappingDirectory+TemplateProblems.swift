import Foundation
import UnderstudyTemplating

// In the engine, not the loader: it asks the engine's templater which stubs are templated.
extension MappingDirectory {
    /// Response templates that do not parse, in the stubs that will be templated (those listing
    /// `response-template`, or every stub when `global`), including body files' contents
    /// unless `disableBodyFileTemplating`. Each problem names the file, the JSON pointer and the
    /// error with its line and column.
    public func templateProblems(_ stubs: [(StubMapping, StubOrigin)], global: Bool = false) -> [MappingError] {
        let templater = ResponseTemplater(TemplatingConfiguration(mode: global ? .global : .local))
        let files = self.files
        var problems: [MappingError] = []
        for (stub, origin) in stubs where templater.applies(to: stub.response) {
            for (pointer, error) in templater.validate(stub.response) {
                problems.append(
                    MappingError(
                        pointer: pointer, title: "Bad response template", detail: error.description,
                        file: origin.filePath))
            }
            guard case .file(let name)? = stub.response.body, !name.contains("{{"),
                stub.response.transformerParameters?["disableBodyFileTemplating"]?.boolValue != true,
                let data = try? files.read(name), let text = String(data: data, encoding: .utf8), text.contains("{{")
            else { continue }
            do {
                _ = try Template(text)
            } catch {
                problems.append(
                    MappingError(
                        pointer: "/response/bodyFileName", title: "Bad response template",
                        detail: "in __files/\(name): \(error.description)", file: origin.filePath))
            }
        }
        return problems
    }
}
