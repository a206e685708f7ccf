import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI
import Yams

/// OpenAPI figures: loading a spec of 1,000 operations, looking an operation up among them, and
/// what validating a typical JSON request and its response adds to serving it with no spec.
enum OpenAPIBenchmark {
    /// A 3.1 spec with `count` operations: half `GET /resourceN/{id}`, half `POST /resourceN`,
    /// every one with a JSON schema from components and an `operationId` and `summary` of its own
    /// (identical operations would let the loader's decoding of repeated subtrees flatter it).
    static func spec(operations count: Int) -> String {
        var text = """
            openapi: 3.1.0
            info: { title: Bench, version: "1" }
            paths:

            """
        for i in 0..<(count / 2) {
            text += """
                  /resource\(i)/{id}:
                    get:
                      operationId: getResource\(i)
                      summary: Fetch one resource of kind \(i)
                      parameters: [{ name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }]
                      responses:
                        "200":
                          description: one
                          content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } }
                  /resource\(i):
                    post:
                      operationId: createResource\(i)
                      summary: Create a resource of kind \(i)
                      parameters: [{ name: dryRun, in: query, schema: { type: boolean } }]
                      requestBody:
                        required: true
                        content: { application/json: { schema: { $ref: "#/components/schemas/NewOrder" } } }
                      responses:
                        "201":
                          description: created
                          content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } }

                """
        }
        text += """
            components:
              schemas:
                NewOrder:
                  type: object
                  required: [customer, items]
                  properties:
                    customer: { type: string, format: email }
                    note: { type: [string, "null"], maxLength: 200 }
                    items:
                      type: array
                      minItems: 1
                      items:
                        type: object
                        required: [sku, quantity]
                        properties: { sku: { type: string, pattern: "^[A-Z]{3}-[0-9]{4}$" }, quantity: { type: integer, minimum: 1 } }
                Order:
                  allOf:
                    - $ref: "#/components/schemas/NewOrder"
                    - type: object
                      required: [id, state]
                      properties:
                        id: { type: integer }
                        state: { type: string, enum: [created, paid, shipped] }
                        created: { type: string, format: date-time }

            """
        return text
    }

    /// A YAML node as JSON, for writing the benchmark's spec as a JSON file.
    static func json(_ node: Node) -> JSONValue {
        switch node {
        case .mapping(let mapping):
            let members = mapping.map { JSONObject.Member(key: $0.key.string ?? "", value: json($0.value)) }
            return .object(JSONObject(members))
        case .sequence(let sequence):
            return .array(sequence.map(json))
        case .scalar:
            if let int = node.int { return .int(int) }
            if let bool = node.bool { return .bool(bool) }
            if node.null != nil { return .null }
            return .string(node.string ?? "")
        case .alias:
            return .null
        }
    }

    static func run(into table: inout Table) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-oas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = spec(operations: 1_000)
        let url = folder.appendingPathComponent("spec.yaml")
        try Data(text.utf8).write(to: url)

        // Wall time and CPU time: on a shared machine the second is the steadier.
        var loaded: OpenAPISpec?
        var loads: [(wall: Duration, cpu: Duration)] = []
        for _ in 0..<5 { loads.append(Measure.onceWithCPU { loaded = try? OpenAPISpec.load(url) }) }
        let yamlOnly = Measure.once { _ = try? Yams.compose(yaml: text) }
        guard let spec = loaded else { throw CocoaError(.fileReadCorruptFile) }
        table.add(
            "load a spec of \(spec.operations.count) operations (median of 5)", loads.map(\.wall).sorted()[2].micros,
            "CPU \(loads.map(\.cpu).sorted()[2].micros); Yams parse alone: \(yamlOnly.micros)", "")

        // The same spec written as JSON, which is read without Yams.
        let jsonURL = folder.appendingPathComponent("spec.json")
        guard let node = try Yams.compose(yaml: text) else { throw CocoaError(.fileReadCorruptFile) }
        try JSONWriter.data(json(node)).write(to: jsonURL)
        var jsonLoads: [(wall: Duration, cpu: Duration)] = []
        for _ in 0..<5 { jsonLoads.append(Measure.onceWithCPU { loaded = try? OpenAPISpec.load(jsonURL) }) }
        table.add(
            "load the same spec as JSON (median of 5)", jsonLoads.map(\.wall).sorted()[2].micros,
            loaded?.operations.count == spec.operations.count
                ? "CPU \(jsonLoads.map(\.cpu).sorted()[2].micros)" : "failed to load", "")

        let contract = OpenAPIContract(specs: [spec])
        let lookup = Measure.perCall(iterations: 50_000) {
            _ = contract.operation(method: "GET", path: "/resource499/42")
        }
        // The baseline a scan would be: every operation's template tried in turn.
        let templates = spec.operations.map { (try? PathTemplate($0.pathTemplate), $0.method) }
        let scan = Measure.perCall(iterations: 2_000) {
            _ = templates.first { $0.1 == "GET" && $0.0?.match("/resource499/42") != nil }
        }
        table.add(
            "operation lookup among 1000 operations", lookup.micros, "linear scan of templates: \(scan.micros)", "")

        // A typical JSON request and response, served by a stub, with and without the spec.
        let stub = try StubMapping(
            jsonText:
                #"{"request":{"method":"POST","urlPath":"/resource250"},"response":{"status":201,"headers":{"Content-Type":"application/json"},"jsonBody":{"id":7,"state":"created","created":"2024-05-01T10:00:00Z","customer":"ann@example.com","note":null,"items":[{"sku":"ABC-1234","quantity":2},{"sku":"XYZ-0001","quantity":1}]}}}"#
        )
        let body = Data(
            #"{"customer":"ann@example.com","note":null,"items":[{"sku":"ABC-1234","quantity":2},{"sku":"XYZ-0001","quantity":1}]}"#
                .utf8)
        func request() -> LoggedRequest {
            LoggedRequest(
                method: "POST", url: "/resource250?dryRun=false", headers: ["Content-Type": "application/json"],
                body: body)
        }
        func serve(_ engine: StubEngine) { serveInline(engine, request()) }
        let plain = StubEngine(journal: RequestJournal(capacity: 1_000))
        try plain.store.add(stub)
        let checked = StubEngine(journal: RequestJournal(capacity: 1_000))
        try checked.store.add(stub)
        checked.contract = contract
        let withoutSpec = Measure.cpuPerCall(iterations: 20_000) { serve(plain) }
        let withSpec = Measure.cpuPerCall(iterations: 20_000) { serve(checked) }
        let added = withSpec - withoutSpec
        table.add(
            "serve a JSON request and response, validated (CPU)", withSpec.micros,
            "no spec: \(withoutSpec.micros)", "validation adds \(added.micros)")
        if !checked.journal.contractViolations.all.isEmpty {
            print(
                "warning: the benchmark's request or response broke the spec: \(checked.journal.contractViolations.all)"
            )
        }
    }
}
