import Foundation
import UnderstudyCore

/// `GET /__admin/certs/wiremock-ca.crt` (WireMock's path): the CA a proxy-mode server issues
/// intercepted hosts' certificates from, as PEM, for users to install once. Every other admin
/// call goes on to the admin API.
struct ProxyCertificateRoute: AdminRequestHandler {
    static let path = "/__admin/certs/wiremock-ca.crt"

    let base: (any AdminRequestHandler)?
    let interception: (any TunnelInterception)?

    func handle(_ request: LoggedRequest) -> AdminResponse {
        guard request.path == Self.path else {
            return base?.handle(request)
                ?? AdminResponse.json(["errors": [["code": 404, "title": "Not found"]]], status: 404)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return AdminResponse.json(
                ["errors": [["code": 405, "title": .string("Use GET \(Self.path)")]]], status: 405)
        }
        guard let interception else {
            return AdminResponse.json(
                [
                    "errors": [
                        [
                            "code": 404,
                            "title": "This proxy has no CA: it does not intercept HTTPS tunnels"
                        ]
                    ]
                ], status: 404)
        }
        var headers = HeaderFields()
        headers.add("Content-Type", "application/x-x509-ca-cert")
        headers.add("Content-Disposition", "attachment; filename=\"understudy-ca.crt\"")
        return AdminResponse(status: 200, headers: headers, body: Data(interception.certificateAuthorityPEM.utf8))
    }
}
