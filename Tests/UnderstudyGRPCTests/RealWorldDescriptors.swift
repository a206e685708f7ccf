import Foundation
import RealWorldSupport
import UnderstudyGRPC

/// The schema of WireMock's gRPC extension's own descriptor sets.
enum RealWorldDescriptors {
    static func schema() throws -> ProtoSchema { try GRPCDescriptorFolder.load(RealWorldGRPC.descriptors) }
}
