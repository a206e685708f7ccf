import Foundation
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

/// Renders `source` against a request, failing the test on a parse or render error.
func render(
    _ source: String, _ request: LoggedRequest = LoggedRequest(method: "GET", url: "/"),
    now: Date = Date(timeIntervalSince1970: 1_700_000_000), systemKeys: [String] = [],
    escaping: TemplateEscaping = .wiremock3
) throws -> String {
    try Template(source).render(
        request, now: now, systemKeys: SystemKeyPolicy(permittedKeys: systemKeys),
        environment: TemplateEnvironment(escaping: escaping))
}

/// Renders `source` against a JSON context.
func render(_ source: String, context: JSONValue, escaping: TemplateEscaping = .wiremock3) throws -> String {
    try Template(source).render(
        context: context, now: Date(timeIntervalSince1970: 1_700_000_000),
        environment: TemplateEnvironment(escaping: escaping))
}

/// The error a template gives, at parse or at render time.
func templateError(_ source: String, _ request: LoggedRequest = LoggedRequest(method: "GET", url: "/"))
    -> TemplateError?
{
    do {
        _ = try Template(source).render(request)
        return nil
    } catch {
        return error
    }
}
