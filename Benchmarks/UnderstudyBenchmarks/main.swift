import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyTemplating

// Engine benchmarks: each row prints our figure next to a baseline measured in the same run.
// Run: swift run -c release UnderstudyBenchmarks [--only WORD]
// `--only decode` (or any word of a section name: match, regex, near, distinct, decode, template, openapi, graphql, inprocess) runs one section, for profiling.

let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
}
func wanted(_ section: String) -> Bool { only.map { section.contains($0) } ?? true }

func exactStubs(_ count: Int) throws -> StubStore {
    let store = StubStore()
    for i in 0..<count {
        try store.add(
            StubMapping(
                request: RequestPattern(method: .token("GET"), url: .url("/items/\(i)")),
                response: ResponseDefinition(status: 200, body: .text("item \(i)"))))
    }
    return store
}

func get(_ url: String) -> LoggedRequest {
    LoggedRequest(method: "GET", url: url, headers: ["Host": "localhost", "Accept": "application/json"])
}

print("Understudy engine benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores, \(Date()))")
print("")
var table = Table()
table.add("case", "understudy", "baseline (linear scan, as WireMock)", "ratio to 1 stub")

if wanted("match") {
    let one = try exactStubs(1)
    let oneCost = Measure.perCall(iterations: 50_000) { _ = one.match(get("/items/0")) }
    let oneBaseline = LinearScanBaseline(one)
    table.add(
        "1 exact stub", oneCost.micros,
        Measure.perCall(iterations: 50_000) { _ = oneBaseline.match(get("/items/0")) }.micros, "1.00×")
    for count in [1_000, 10_000, 100_000] {
        let store = try exactStubs(count)
        let baseline = LinearScanBaseline(store)
        // The newest stub is tried first (best position); the first added is tried last (worst).
        let best = Measure.perCall(iterations: 50_000) { _ = store.match(get("/items/\(count - 1)")) }
        let worst = Measure.perCall(iterations: 50_000) { _ = store.match(get("/items/0")) }
        let baselineBest = Measure.perCall(iterations: 50_000) { _ = baseline.match(get("/items/\(count - 1)")) }
        let baselineWorst = Measure.perCall(iterations: max(5, 200_000 / count)) { _ = baseline.match(get("/items/0")) }
        table.add(
            "\(count) exact, best position", best.micros, baselineBest.micros,
            String(format: "%.2f×", best.milliseconds / oneCost.milliseconds))
        table.add(
            "\(count) exact, worst position", worst.micros, baselineWorst.micros,
            String(format: "%.2f×", worst.milliseconds / oneCost.milliseconds))
    }
}

if wanted("regex") {
    let regexStore = StubStore()
    for i in 0..<1_000 {
        try regexStore.add(
            StubMapping(
                request: RequestPattern(
                    method: .token("GET"), url: .urlPathPattern(try RegexPattern("/things/\(i)/[a-z]+")))))
    }
    let baseline = LinearScanBaseline(regexStore)
    table.add(
        "1000 regex stubs, worst position",
        Measure.perCall(iterations: 500) { _ = regexStore.match(get("/things/0/abc")) }.micros,
        Measure.perCall(iterations: 500) { _ = baseline.match(get("/things/0/abc")) }.micros, "")
}

if wanted("near") {
    let nearStore = try exactStubs(10_000)
    let nearStubs = nearStore.storedStubs
    let plainStubs = nearStore.stubs
    let miss = get("/itemz/12345")
    let nearCost = Measure.perCall(iterations: 50) { _ = NearMissCalculator.nearest(to: miss, among: nearStubs) }
    let fullCost = Measure.perCall(iterations: 50) { _ = NearMissCalculator.nearest(to: miss, among: plainStubs) }
    table.add("near misses among 10000 stubs", nearCost.micros, "every distance in full: \(fullCost.micros)", "")
    let engine = StubEngine(store: nearStore)
    let notFound = Measure.perCall(iterations: 50) { _ = engine.decide(get("/itemz/12345"), capabilities: .inline) }
    table.add("unmatched request → 404 with diff, 10000 stubs", notFound.micros, "", "")
}

if wanted("near distinct") {
    // As in the server benchmark's distinct-URL case: every request a different /items/N past the stubs.
    let nearStore = try exactStubs(10_000)
    var next = 10_000
    let distinct = Measure.perCall(iterations: 2_000) {
        next += 1
        _ = nearStore.nearMisses(to: get("/items/\(next)"))
    }
    table.add("near misses for /items/N (N ≥ 10000, each new)", distinct.micros, "", "")
    let closest = Measure.perCall(iterations: 2_000) {
        next += 1
        _ = nearStore.nearMisses(to: get("/items/\(next)"), limit: 1)
    }
    table.add("  the closest alone (what a 404 shows)", closest.micros, "", "")
    // The whole quick miss a fast path answers: the search, the diff text and the journal entry.
    let engine = StubEngine(store: nearStore)
    let quick = Measure.perCall(iterations: 2_000) {
        next += 1
        _ = engine.decide(get("/items/\(next)"), capabilities: .atOnceWithQuickMisses)
    }
    table.add("  404 on the fast path (search, diff, journal)", quick.micros, "", "")
    // The server benchmark's wrk script counts up in strides of 64, so most of its URLs have 6 or 7 digits.
    var far = 1_000_000
    let sevenDigits = Measure.perCall(iterations: 2_000) {
        far += 64
        _ = nearStore.nearMisses(to: get("/items/\(far)"))
    }
    table.add("near misses for /items/N (N ≥ 1000000, each new)", sevenDigits.micros, "", "")
    // Far from every stub: the search must widen its cut-off many times before anything ranks.
    let unrelated = Measure.perCall(iterations: 500) {
        next += 1
        _ = nearStore.nearMisses(to: get("/no/such/thing/\(next)"))
    }
    table.add("near misses for /no/such/thing/N (far from all)", unrelated.micros, "", "")
    // The same far URL every time, as a client stuck on a wrong path sends it (issue 29).
    for path in ["/no/such/thing", "/nothing"] {
        let same = Measure.perCall(iterations: 200) { _ = nearStore.nearMisses(to: get(path)) }
        table.add("near misses for \(path) (the same each time)", same.micros, "", "")
    }
}

if wanted("decode") {
    // 10,000 mapping files on disk, decoded on one core, then loaded with every core.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-bench-\(UUID().uuidString)")
    let mappings = root.appendingPathComponent("mappings")
    try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
    for i in 0..<10_000 {
        let text =
            #"{"name":"stub \#(i)","request":{"method":"POST","urlPath":"/orders/\#(i)","headers":{"Content-Type":{"contains":"json"}},"bodyPatterns":[{"matchesJsonPath":"$.items[0].sku"}]},"response":{"status":201,"jsonBody":{"id":\#(i),"state":"created"},"headers":{"Content-Type":"application/json"}}}"#
        try Data(text.utf8).write(to: mappings.appendingPathComponent(String(format: "stub-%05d.json", i)))
    }
    let directory = MappingDirectory(root: root)
    let contents = directory.mappingFiles().compactMap { try? Data(contentsOf: $0) }
    let decodeOneCore = Measure.once {
        for data in contents { _ = try? StubMapping(json: JSONParser.parse(data)) }
    }
    let foundationDecode = Measure.once {
        for data in contents { _ = try? JSONSerialization.jsonObject(with: data) }
    }
    table.add(
        "decode 10000 mapping texts, one core", decodeOneCore.micros,
        "JSONSerialization, parse only: \(foundationDecode.micros)", "")
    let loadAll = Measure.once { _ = directory.load() }
    table.add("load 10000 files from disk, all cores", loadAll.micros, "", "")
    try? FileManager.default.removeItem(at: root)
}

if wanted("template") {
    // A typical echo template, compiled once, rendered per request; the baseline is hand-written
    // Swift that pulls the same values out of the same request and interpolates them.
    let echo = try Template(
        #"{"id":"{{request.path.[1]}}","q":"{{request.query.q}}","name":"{{jsonPath request.body '$.name'}}","at":"{{now}}"}"#
    )
    let request = LoggedRequest(
        method: "POST", url: "/users/42?q=hello", headers: ["Content-Type": "application/json"],
        body: Data(#"{"name":"Ann","age":30}"#.utf8))
    let render = Measure.perCall(iterations: 50_000) { _ = try? echo.render(request) }
    let baseline = Measure.perCall(iterations: 50_000) {
        let segments = request.path.split(separator: "/")
        let id = segments.count > 1 ? String(segments[1]) : ""
        let q = request.queryParameters.first { $0.name == "q" }?.values.first ?? ""
        let name = (try? JSONParser.parse(request.body))?["name"]?.stringValue ?? ""
        _ = #"{"id":"\#(id)","q":"\#(q)","name":"\#(name)","at":"\#(Date().ISO8601Format())"}"#
    }
    // Thread CPU time as well: on a busy machine wall-clock figures include time spent descheduled.
    let renderCPU = Measure.cpuPerCall(iterations: 50_000) { _ = try? echo.render(request) }
    table.add(
        "echo template render (compiled once)", render.micros, "hand-written interpolation: \(baseline.micros)",
        "CPU time per render: \(renderCPU.micros)")
}

if wanted("openapi") {
    try OpenAPIBenchmark.run(into: &table)
}

if wanted("graphql") {
    table.rows += try await GraphQLBenchmark.run()
}

if table.rows.count > 1 { table.print() }

if wanted("inprocess") {
    // URLSession round trips: in-process interception next to the same request over loopback.
    print("")
    var transports = Table()
    transports.add("URLSession round trip", "in-process", "baseline (loopback server)", "in-process speed-up")
    for (name, inProcess, server) in try await InProcessBenchmark.run() {
        transports.add(
            name, inProcess.micros, server.micros, String(format: "%.1f×", server.milliseconds / inProcess.milliseconds)
        )
    }
    transports.print()
}
