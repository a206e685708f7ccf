import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

/// WireMock's gRPC extension's admin route, `POST /__admin/ext/grpc/reset`: reads the descriptor
/// folder again (200, empty, as the extension answers); every other admin call goes on to the
/// admin API. A descriptor that cannot be read answers 422 naming it, and the services known
/// before stay.
struct GRPCAdminExtension: AdminRequestHandler {
    static let resetPath = "/__admin/ext/grpc/reset"

    let base: (any AdminRequestHandler)?
    let services: GRPCServices

    func handle(_ request: LoggedRequest) -> AdminResponse {
        guard request.path == Self.resetPath else {
            return base?.handle(request)
                ?? AdminResponse.json(["errors": [["code": 404, "title": "Not found"]]], status: 404)
        }
        guard request.method == "POST" else {
            return AdminResponse.json(
                ["errors": [["code": 405, "title": .string("Use POST \(Self.resetPath)")]]], status: 405)
        }
        do {
            try services.reload()
            return AdminResponse(status: 200)
        } catch {
            return AdminResponse.json(["errors": [["code": 422, "title": .string("\(error)")]]], status: 422)
        }
    }
}
