import Foundation

/// The descriptor sets under a root's `grpc/` folder, as WireMock's gRPC extension reads them:
/// every `*.dsc` and `*.desc` file, in subfolders too, each a `FileDescriptorSet`.
package enum GRPCDescriptorFolder {
    package static let extensions: Set<String> = ["dsc", "desc"]

    /// The schema of every descriptor set in `folder`, read in path order; an empty schema when
    /// the folder does not exist.
    /// - Throws: ``GRPCDescriptorError`` naming the first file that is not a descriptor set.
    package static func load(_ folder: URL) throws(GRPCDescriptorError) -> ProtoSchema {
        var schema = ProtoSchema()
        for file in files(in: folder) {
            let bytes: Data
            do { bytes = try Data(contentsOf: file) } catch {
                throw GRPCDescriptorError(file: file.path, reason: "cannot be read: \(error.localizedDescription)")
            }
            do { try DescriptorSetReader.read([UInt8](bytes), into: &schema) } catch {
                throw GRPCDescriptorError(
                    file: file.path,
                    reason:
                        "is not a FileDescriptorSet (\(error)); make one with protoc --include_imports --descriptor_set_out=FILE"
                )
            }
        }
        return schema
    }

    static func files(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}

/// A descriptor file that could not be read, and why.
package struct GRPCDescriptorError: Error, Sendable, CustomStringConvertible {
    package var file: String
    package var reason: String

    package var description: String { "gRPC descriptor \(file) \(reason)" }
}
