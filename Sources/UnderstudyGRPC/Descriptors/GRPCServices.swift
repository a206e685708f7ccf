import Foundation
import Synchronization

/// The gRPC services a host answers: the schema read from its descriptor folder, read again on
/// `POST /__admin/ext/grpc/reset` (WireMock's extension's path) so descriptors added while the
/// server runs are picked up.
package final class GRPCServices: Sendable {
    /// Where the descriptor sets are read from; nil for a host with none.
    package let folder: URL?
    private let current: Mutex<ProtoSchema>

    /// Reads `folder` now, so a broken descriptor stops a server from starting, naming the file.
    package init(folder: URL?) throws(GRPCDescriptorError) {
        self.folder = folder
        current = Mutex(
            try folder.map { url throws(GRPCDescriptorError) in try GRPCDescriptorFolder.load(url) } ?? ProtoSchema())
    }

    /// The services and messages known now.
    package var schema: ProtoSchema { current.withLock { $0 } }

    /// Reads the folder again; on an error the services known before stay.
    package func reload() throws(GRPCDescriptorError) {
        guard let folder else { return }
        let fresh = try GRPCDescriptorFolder.load(folder)
        current.withLock { $0 = fresh }
    }
}
