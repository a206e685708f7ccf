import Foundation
import UnderstudyJSON

extension MappingDirectory {
    /// Where WireMock keeps message stubs: `message-mappings/` beside `mappings/`.
    public var messageMappingsURL: URL { root.appendingPathComponent("message-mappings") }

    /// What loading `message-mappings/` found: stubs in sorted file order, and every problem.
    public struct MessageLoadResult: Sendable {
        /// The message stubs read.
        public var stubs: [MessageStubMapping]
        /// The files or stubs that could not be read.
        public var errors: [MappingError]
        /// How many files were read.
        public var fileCount: Int
    }

    /// Reads every `*.json` below `message-mappings/`, in sorted path order. A file holds one
    /// stub, or several as `{"messageMappings": […]}` (the shape the admin API lists them in).
    public func loadMessageMappings() -> MessageLoadResult {
        let base = messageMappingsURL.path
        let paths = DirectoryWalker.files(under: base) { name in
            name.utf8.count > 5 && name.lowercased().hasSuffix(".json")
        }.sorted()
        var result = MessageLoadResult(stubs: [], errors: [], fileCount: paths.count)
        var seen: Set<UUID> = []
        for path in paths {
            let name = "message-mappings/" + path
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: base + "/" + path))
                let value = try JSONParser.parse(data)
                let list: [(JSONValue, String)]
                if let many = value["messageMappings"]?.arrayValue {
                    list = many.enumerated().map { ($1, "/messageMappings/\($0)") }
                } else {
                    list = [(value, "")]
                }
                for (item, pointer) in list {
                    do {
                        let stub = try MessageStubMappingDecoder.decode(item, at: pointer)
                        guard seen.insert(stub.id).inserted else {
                            result.errors.append(
                                MappingError(
                                    code: 109, pointer: pointer + "/id", title: "Duplicate message stub mapping ID",
                                    detail: "The id \(stub.id.lowercasedString) is used by more than one message stub",
                                    file: name))
                            continue
                        }
                        result.stubs.append(stub)
                    } catch {
                        var error = error
                        error.file = name
                        result.errors.append(error)
                    }
                }
            } catch let error as JSONSyntaxError {
                result.errors.append(MappingError(title: "Error parsing JSON", detail: error.description, file: name))
            } catch {
                result.errors.append(
                    MappingError(title: "Cannot read file", detail: error.localizedDescription, file: name))
            }
        }
        return result
    }
}
