import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/files`: the body files in `__files`, listed, read, written and deleted as WireMock's
/// admin API does, and confined to `__files` as `bodyFileName` is.
extension WireMockAdminAPI {
    static func addFileRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "files") { api, _ in .json(.array((api.files?.allFileNames() ?? []).map { .string($0) })) }
        router.add("GET", "files/{path*}") { try $0.readFile($1) }
        router.add("PUT", "files/{path*}") { try $0.writeFile($1) }
        router.add("DELETE", "files/{path*}") { try $0.deleteFile($1) }
    }

    /// The engine's `__files`, else the one beside the mappings folder.
    var files: FilesDirectory? { engine.files ?? mappings?.files }

    /// The file's bytes as they are; 404 when it is missing, a folder, or outside `__files`.
    func readFile(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let name = call.parameters.first ?? ""
        guard let files, let data = try? files.read(name) else {
            throw AdminFailure.notFound("No file \(name) in __files")
        }
        return AdminResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: data)
    }

    /// Stores the body, then answers it as WireMock's JSON writer writes bytes: a base64 string.
    func writeFile(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let name = call.parameters.first ?? ""
        let files = try writableFiles()
        do {
            try files.write(call.request.body, to: name)
        } catch {
            throw Self.failure(error, name)
        }
        return .json(.string(call.request.body.base64EncodedString()))
    }

    /// Deletes the file; one that is not there is fine, as in WireMock.
    func deleteFile(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let name = call.parameters.first ?? ""
        let files = try writableFiles()
        do {
            try files.remove(name)
        } catch {
            throw Self.failure(error, name)
        }
        return AdminResponse(status: 200)
    }

    private func writableFiles() throws(AdminFailure) -> FilesDirectory {
        guard let files else {
            throw AdminFailure(
                status: 409, title: "This server has no __files folder",
                detail: "Start it with a root folder (understudy serve --root DIR) to edit files through the admin API."
            )
        }
        return files
    }

    private static func failure(_ error: FileAccessError, _ name: String) -> AdminFailure {
        if case .outside = error {
            return AdminFailure(status: 403, title: "\(name) is outside __files; it is refused")
        }
        return AdminFailure(status: 500, title: "\(name) in __files could not be changed", detail: error.description)
    }
}
