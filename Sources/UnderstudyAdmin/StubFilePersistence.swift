import Foundation
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// Writes persistent stubs to `mappings/` and removes them again, remembering which file holds
/// which stub so an update rewrites the same file.
///
/// Every write goes to a hidden temporary file in the same folder and is then renamed over
/// the target, so a reader (or a reload) never sees half a stub.
final class StubFilePersistence: Sendable {
    let directory: MappingDirectory
    /// Stub id to its file, relative to the root (`mappings/x.json`), for single-stub files.
    private let paths = Mutex<[UUID: String]>([:])

    init(directory: MappingDirectory) {
        self.directory = directory
    }

    /// Learns the files of stubs just loaded from disk.
    func adopt(_ stored: [StoredStub]) {
        paths.withLock { paths in
            paths = [:]
            for entry in stored {
                if case .file(let path) = entry.origin { paths[entry.stub.id] = path }
            }
        }
    }

    /// The file a stub lives in, if known.
    func path(for id: UUID) -> String? {
        paths.withLock { $0[id] }
    }

    /// Writes one stub, pretty-printed, replacing its previous file atomically.
    func write(_ stub: StubMapping) throws(AdminFailure) {
        let relative = path(for: stub.id) ?? "mappings/" + StubFileName.make(for: stub)
        let target = directory.root.appendingPathComponent(relative)
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONWriter.data(stub.json, style: .pretty).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw AdminFailure(status: 500, title: "Cannot write stub file", detail: "\(relative): \(error)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw AdminFailure(status: 500, title: "Cannot write stub file", detail: "\(relative): \(reason)")
        }
        paths.withLock { $0[stub.id] = relative }
    }

    /// Deletes a stub's file, if it has one.
    func remove(_ id: UUID) {
        guard let relative = paths.withLock({ $0.removeValue(forKey: id) }) else { return }
        try? FileManager.default.removeItem(at: directory.root.appendingPathComponent(relative))
    }
}
