import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// Pins what the in-process transport's stream refusal rests on (measured with Swift 6.3.1):
    /// FoundationNetworking hands each piece a URLProtocol loads to a data delegate, but keeps only
    /// the last for `data(for:)`. Should a release keep them all, this fails, and the refusal of
    /// streams to such tasks (`InProcessRefusal.streamLimit`) can go.
    @Suite struct FoundationNetworkingPiecesTests {
        @Test func aDataDelegateGetsEveryPieceButDataForOnlyTheLast() async throws {
            let reader = PiecesDelegate()
            let withDelegate = URLSession(
                configuration: ThreePiecesProtocol.configuration(), delegate: reader, delegateQueue: nil)
            defer { withDelegate.invalidateAndCancel() }
            withDelegate.dataTask(with: ThreePiecesProtocol.url).resume()
            var pieces: [String] = []
            for await piece in reader.pieces { pieces.append(piece) }
            #expect(pieces == ["one ", "two ", "three"])

            let plain = URLSession(configuration: ThreePiecesProtocol.configuration())
            defer { plain.invalidateAndCancel() }
            let (data, _) = try await plain.data(from: ThreePiecesProtocol.url)
            #expect(String(decoding: data, as: UTF8.self) == "three")
        }
    }

    /// Answers with three pieces, one `didLoad` each.
    final class ThreePiecesProtocol: URLProtocol {
        static let url = URL(string: "http://three-pieces.invalid/")!

        static func configuration() -> URLSessionConfiguration {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [ThreePiecesProtocol.self] + (configuration.protocolClasses ?? [])
            return configuration
        }

        override class func canInit(with request: URLRequest) -> Bool { request.url?.host == url.host }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

        override func startLoading() {
            guard let client,
                let response = HTTPURLResponse(url: Self.url, statusCode: 200, httpVersion: nil, headerFields: nil)
            else { return }
            client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            for piece in ["one ", "two ", "three"] { client.urlProtocol(self, didLoad: Data(piece.utf8)) }
            client.urlProtocolDidFinishLoading(self)
        }

        override func stopLoading() {}
    }

    /// Hands on each piece a data task receives, and ends when the task does.
    final class PiecesDelegate: NSObject, URLSessionDataDelegate, Sendable {
        let pieces: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        override init() {
            (pieces, continuation) = AsyncStream.makeStream(of: String.self)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            continuation.yield(String(decoding: data, as: UTF8.self))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            continuation.finish()
        }
    }
#endif
