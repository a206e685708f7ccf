import Foundation
import Testing

@testable import UnderstudyCore

/// Every real WireMock folder in `../shared/realworld/mappings` (sources and licences in its
/// SOURCES.md; used in place, never copied here) loads as WireMock loads it, and each stub that
/// names one exact URL answers a request derived from it. CI sets UNDERSTUDY_REQUIRE_REALWORLD=1,
/// so a missing folder fails there instead of skipping.
@Suite(.enabled(if: RealWorld.isAvailable || RealWorld.isRequired))
struct RealWorldFolderTests {
    @Test func theRealWorldDataIsThere() {
        #expect(RealWorld.isAvailable, "expected real-world data at \(RealWorld.mappings.path)")
    }

    @Test(arguments: RealWorld.folders())
    func loadsWhatWireMockLoadsAndAnswers(folder: String) throws {
        let directory = MappingDirectory(root: RealWorld.mappings.appendingPathComponent(folder))
        let loaded = directory.load(.lenient)
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        #expect(!loaded.stubs.isEmpty || !loaded.warnings.isEmpty)
        let store = StubStore()
        try store.addInOrder(loaded.stubs)
        for (stub, origin) in loaded.stubs {
            guard let derived = RealWorld.request(for: stub) else { continue }
            #expect(store.match(derived) != nil, "\(folder)/\(origin.filePath ?? "?"): no stub answers \(derived.url)")
        }
    }
}

enum RealWorld {
    static let mappings = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/realworld/mappings")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: mappings.path) }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_REALWORLD"] == "1" }

    static func folders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: mappings.path)) ?? []).filter {
            !$0.hasSuffix(".json") && !$0.hasPrefix(".")
        }.sorted()
    }

    /// A request the stub must answer, when its request names one exact URL and nothing else
    /// that a derived request would have to guess (headers, body, query, cookies, auth).
    static func request(for stub: StubMapping) -> LoggedRequest? {
        let pattern = stub.request
        guard pattern.cannotMatch == nil, stub.requiredScenarioState == nil, pattern.headers.isEmpty,
            pattern.queryParameters.isEmpty, pattern.bodyPatterns.isEmpty, pattern.cookies.isEmpty,
            pattern.basicAuthCredentials == nil, pattern.formParameters.isEmpty, pattern.multipartPatterns.isEmpty
        else { return nil }
        let url: String
        switch pattern.url {
        case .url(let text)?, .urlPath(let text)?: url = text
        default: return nil
        }
        let method = pattern.method.description == "ANY" ? "GET" : pattern.method.description
        return LoggedRequest(method: method, url: url)
    }
}
