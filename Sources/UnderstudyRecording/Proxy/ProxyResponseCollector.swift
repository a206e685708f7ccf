import Foundation
import NIOCore
import Synchronization
import UnderstudyCore
import UnderstudyServer

/// A receiver that keeps the whole response, up to a limit (see ``ProxyForwarder/forward(_:maxBodyBytes:)``).
final class ProxyResponseCollector: ProxyResponseReceiver {
    private let limit: Int
    private let collected = Mutex(ProxiedResponse(status: 0, headers: HeaderFields(), body: Data()))

    init(limit: Int) {
        self.limit = limit
    }

    var response: ProxiedResponse { collected.withLock { $0 } }

    func receiveHead(status: Int, headers: HeaderFields) async throws {
        collected.withLock {
            $0.status = status
            $0.headers = headers
        }
    }

    func receiveBodyPart(_ part: ByteBuffer) async throws {
        try collected.withLock { response throws(ProxyFailure) in
            guard response.body.count + part.readableBytes <= limit else {
                throw .badGateway("the upstream body is larger than \(limit) bytes")
            }
            response.body.append(contentsOf: part.readableBytesView)
        }
    }
}
