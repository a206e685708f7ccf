import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Stubs of GraphQL operations checked against a schema: the stub's query must validate, and
/// the `data` it answers must have the shape the query asks for. What
/// `understudy check --graphql-schema` and `serve --graphql-schema` report.
public struct GraphQLStubCheck: Sendable {
    /// What the check found.
    public struct Report: Sendable {
        /// Each problem names the mapping file, the pointer in it and the reason.
        public var problems: [MappingError] = []
        /// How many stubs with a GraphQL query were checked.
        public var checked = 0
    }

    let model: GraphQLSchemaModel

    /// A check against this schema.
    public init(model: GraphQLSchemaModel) {
        self.model = model
    }

    /// Checks every stub that matches a GraphQL query (`graphql-body-matcher` or `.graphQL`),
    /// reading `bodyFileName` bodies from `files`.
    public func check(_ stubs: [(StubMapping, StubOrigin)], files: FilesDirectory?) -> Report {
        var report = Report()
        var pointers = MappingPointers()
        for (stub, origin) in stubs {
            let base = pointers.next(from: origin)
            guard let pattern = stub.request.graphQL, let query = pattern.query else { continue }
            report.checked += 1
            let name = origin.filePath
            func problem(_ pointer: String, _ detail: String) {
                report.problems.append(
                    MappingError(
                        pointer: base + pointer, title: "Stub does not fit the GraphQL schema", detail: detail,
                        file: name))
            }
            let prepared: PreparedOperation
            switch PreparedOperation.prepare(
                query: query, operationName: pattern.operationName, variables: pattern.variables, model: model,
                checksVariables: false)
            {
            case .failure(let failure):
                for error in failure.errors {
                    let place = error.locations.first.map { " (line \($0.line), column \($0.column))" } ?? ""
                    problem(
                        "/request/customMatcher/parameters/query",
                        "its query: \(GraphQLErrors.shortMessage(error))\(place)")
                }
                continue
            case .success(let operation):
                prepared = operation
            }
            let response = stub.response
            // Templates are only known per request; faults and proxies have no body of their own.
            guard response.fault == nil, response.proxy == nil, !response.transformers.contains("response-template")
            else { continue }
            let body: JSONValue?
            let pointer: String
            switch response.body {
            case .json(let json):
                (body, pointer) = (json, "/response/jsonBody")
            case .text(let text):
                (body, pointer) = (try? JSONParser.parse(text), "/response/body")
            case .file(let file):
                (body, pointer) = (
                    (try? files?.read(file)).flatMap { try? JSONParser.parse($0) }, "/response/bodyFileName"
                )
            default:
                (body, pointer) = (nil, "/response")
            }
            guard let body, case .object(let object) = body else {
                problem(pointer, "the answer is not a GraphQL result: a JSON object with data or errors")
                continue
            }
            guard let data = object["data"], !data.isNull else {
                if object["errors"] == nil { problem(pointer, "the answer has neither data nor errors") }
                continue
            }
            for found in DataShapeCheck(index: model.index, prepared: prepared).problems(in: data) {
                let dotted = "data" + found.pointer.replacingOccurrences(of: "/", with: ".")
                problem(
                    pointer == "/response/jsonBody" ? pointer + "/data" + found.pointer : pointer,
                    "\(dotted): \(found.reason)")
            }
        }
        return report
    }
}
