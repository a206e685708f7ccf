import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI
import Yams

/// OpenAPI figures: loading a spec of 1,000 operations, looking an operation up among them, and
/// what validating a typical JSON request and its response adds to serving it with no spec.
enum OpenAPIBenchmark {
    /// A 3.1 spec with `count` operations: half `GET /resourceN/{id}`, half `POST /resourceN`,
    /// every one with a JSON schema from components.
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
                      parameters: [{ name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }]
                      responses:
                        "200":
                          description: one
                          content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } }
                  /resource\(i):
                    post:
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

    static func run(into table: inout Table) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-oas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = spec(operations: 1_000)
        let url = folder.appendingPathComponent("spec.yaml")
        try Data(text.utf8).write(to: url)

        var loaded: OpenAPISpec?
        var loads: [Duration] = []
        for _ in 0..<5 { loads.append(Measure.once { loaded = try? OpenAPISpec.load(url) }) }
        let yamlOnly = Measure.once { _ = try? Yams.compose(yaml: text) }
        guard let spec = loaded else { throw CocoaError(.fileReadCorruptFile) }
        table.add(
            "load a spec of \(spec.operations.count) operations (median of 5)", loads.sorted()[2].micros,
            "Yams parse alone: \(yamlOnly.micros)", "")

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
        func serve(_ engine: StubEngine) {
            guard let decision = engine.decide(request(), capabilities: .inline).run() else { return }
            engine.complete(decision)
        }
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
