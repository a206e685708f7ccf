import Foundation
import UnderstudyTemplating

/// A message template reads the channel's opening request through its shared box: handing the
/// box over is one reference, where the request itself would be copied into an existential box
/// for every templated message.
extension SharedRequest: TemplateRequest {
    var templateID: String { request.templateID }
    var method: String { request.method }
    var url: String { request.url }
    var scheme: String { request.scheme }
    var host: String { request.host }
    var port: Int { request.port }
    var clientIP: String { request.clientIP }
    var absoluteURL: String { request.absoluteURL }
    var body: Data { request.body }
    var bodyText: String { request.bodyText }
    var templateHeaders: [(name: String, values: [String])] { request.templateHeaders }
    var cookies: [(name: String, values: [String])] { request.cookies }
    func templateParts() -> [TemplateRequestPart] { request.templateParts() }
}
