import Foundation

/// `systemValue` (only keys the server's operator permitted) and `hostname`.
extension TemplateHelpers {
    static let system: [String: TemplateHelper] = [
        "systemValue": { call in
            guard let key = call.hashText("key"), !key.isEmpty else {
                return HelperInvocation.softError("The key cannot be empty")
            }
            guard call.renderer.systemKeys.permits(key) else {
                return HelperInvocation.softError("Access to \(key) is denied")
            }
            let type = (call.hashText("type") ?? "ENVIRONMENT").uppercased()
            // There are no Java system properties here; PROPERTY reads nothing. Only the one
            // permitted variable is read, never the whole environment.
            guard type == "ENVIRONMENT", let value = getenv(key) else { return call.hash("default") ?? .null }
            return .string(String(cString: value))
        },
        "hostname": { _ in
            .string(ProcessInfo.processInfo.hostName)
        }
    ]
}
