import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyAdmin
@testable import UnderstudyCore

/// An engine and its admin API, driven by calling `handle` directly (no sockets).
struct AdminHarness {
    let engine: StubEngine
    let api: WireMockAdminAPI
    let root: URL?

    init(root: URL? = nil) {
        engine = StubEngine()
        self.root = root
        let directory = root.map(MappingDirectory.init(root:))
        if let directory {
            _ = try? engine.store.addInOrder(directory.load().stubs)
        }
        api = WireMockAdminAPI(engine: engine, mappings: directory, version: "9.8.7")
    }

    /// One admin call; `path` starts with `/__admin`.
    @discardableResult
    func call(_ method: String, _ path: String, _ body: String? = nil, headers: [(String, String)] = []) -> AdminReply {
        let request = LoggedRequest(
            method: method, url: path,
            headers: HeaderFields(headers.map { HeaderFields.Field(name: $0.0, value: $0.1) }),
            body: Data((body ?? "").utf8))
        return AdminReply(response: api.handle(request))
    }

    /// A request to the stub server itself, journalled as the HTTP server would.
    @discardableResult
    func serve(
        _ method: String, _ url: String, body: String = "", headers: [(String, String)] = [], at date: Date = Date()
    ) -> ServeDecision {
        let request = LoggedRequest(
            method: method, url: url,
            headers: HeaderFields(headers.map { HeaderFields.Field(name: $0.0, value: $0.1) }),
            body: Data(body.utf8), loggedDate: date)
        guard case .immediate(let decision) = engine.decide(request, capabilities: .inline) else {
            Issue.record("inline capabilities should answer every request at once")
            return ServeDecision(
                eventID: request.id, stub: nil, status: 0, statusMessage: nil, headers: HeaderFields(), body: Data(),
                fault: nil,
                delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: nil)
        }
        engine.complete(decision)
        return decision
    }

    /// Creates a stub through the API and returns its id.
    @discardableResult
    func create(_ json: String) -> String {
        call("POST", "/__admin/mappings", json).json["id"]?.stringValue ?? "(not created)"
    }

    /// The URLs of the listed stubs, in list order.
    func listedURLs(_ path: String = "/__admin/mappings") -> [String] {
        call("GET", path).json["mappings"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue } ?? []
    }
}

/// What the API answered, with the body parsed when it is JSON.
struct AdminReply {
    let response: AdminResponse
    var status: Int { response.status }
    var text: String { String(decoding: response.body, as: UTF8.self) }
    var json: JSONValue { (try? JSONParser.parse(response.body)) ?? .null }
    /// `errors[0].title`, the part of WireMock's error body tests usually look at.
    var errorTitle: String? { json["errors"]?.arrayValue?.first?["title"]?.stringValue }
}

/// A fresh folder under the temporary directory, with helpers to lay out `mappings/`.
struct TemporaryRoot {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Every entry in `mappings/`, hidden ones included, sorted.
    func mappingFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent("mappings").path).sorted()
    }

    func read(_ relative: String) throws -> JSONValue {
        try JSONParser.parse(Data(contentsOf: url.appendingPathComponent(relative)))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
