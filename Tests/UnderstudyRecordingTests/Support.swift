import Foundation
import Testing
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client saw.
struct Reply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A session that sends exactly what the test asks: no cache, no cookie jar.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    return URLSession(configuration: configuration)
}()

func fetch(_ base: URL, _ path: String, headers: [String: String] = [:]) async throws -> Reply {
    try await fetch("GET", base, path, headers: headers)
}

func fetch(_ method: String, _ base: URL, _ path: String, body: Data? = nil, headers: [String: String] = [:])
    async throws -> Reply
{
    var request = URLRequest(url: try #require(URL(string: base.absoluteString + path)))
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await testSession.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
        if let key = key as? String, let value = value as? String { fields[key] = value }
    }
    return Reply(status: http.statusCode, headers: fields, body: data)
}

var quietConfiguration: StubServerConfiguration {
    var configuration = StubServerConfiguration()
    configuration.logger.logLevel = .critical
    configuration.shutdownGracePeriod = .zero
    return configuration
}

/// A stub server started from WireMock JSON stubs, for playing the real API or the proxy.
func startServer(
    _ stubs: [String], admin: Bool = false, root: MappingDirectory? = nil, proxy: (any ProxyForwarder)? = nil,
    configuration: StubServerConfiguration = quietConfiguration, journalCapacity: Int = RequestJournal.defaultCapacity
) async throws -> StubHTTPServer {
    let engine = StubEngine(journal: RequestJournal(capacity: journalCapacity), files: root?.files)
    for stub in stubs { try engine.store.add(StubMapping(jsonText: stub)) }
    // The recorder behind /__admin/recordings, as the CLI's serve passes one.
    let api =
        admin
        ? WireMockAdminAPI(engine: engine, mappings: root, recorder: StubRecorder(engine: engine, directory: root))
        : nil
    return try await StubHTTPServer.start(engine: engine, admin: api, configuration: configuration, proxy: proxy)
}

/// Runs `body` with the servers, stopping them however it ends.
func withServers<T>(_ servers: [StubHTTPServer], _ body: () async throws -> T) async throws -> T {
    do {
        let result = try await body()
        for server in servers { try await server.stop() }
        return result
    } catch {
        for server in servers { try? await server.stop() }
        throw error
    }
}

/// A fresh folder, removed when the test is done.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var directory: MappingDirectory { MappingDirectory(root: url) }

    /// Every file below `sub`, relative names, sorted.
    func files(in sub: String) -> [String] {
        let folder = url.appendingPathComponent(sub)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Everything in mappings/ and __files/, concatenated, for secret scans.
    func allText() throws -> String {
        var text = ""
        for sub in ["mappings", "__files"] {
            for name in files(in: sub) {
                text += String(
                    decoding: try Data(contentsOf: url.appendingPathComponent(sub).appendingPathComponent(name)),
                    as: UTF8.self)
            }
        }
        return text
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// 0…255 three times: not UTF-8, so it must travel as bytes.
let binaryBody = Data((0..<768).map { UInt8($0 % 256) })
