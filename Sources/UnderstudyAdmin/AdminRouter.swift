import Foundation
import UnderstudyCore

/// Routes admin requests by method and path segments below `/__admin`.
///
/// Patterns are written like `mappings/{id}`; a `{…}` segment matches any one segment, and a
/// last `{…*}` segment the rest of the path (one segment or more, joined with `/`).
/// When several patterns fit a path, the one with more literal segments wins, so
/// `mappings/unmatched` is never taken for an id. A known path asked with a method it does
/// not serve gets 405 with `Allow`; an unknown path gets 404.
struct AdminRouter<Target: Sendable>: Sendable {
    typealias Action = @Sendable (Target, AdminCall) throws -> AdminResponse

    struct Route: Sendable {
        let method: String
        let segments: [Segment]
        let action: Action

        var literalCount: Int { segments.count { if case .literal = $0 { true } else { false } } }
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter
        /// The rest of the path: `files/{path*}`.
        case rest
    }

    /// Every admin path begins with this.
    static var prefix: String { "/__admin" }

    private(set) var routes: [Route] = []

    mutating func add(_ method: String, _ pattern: String, _ action: @escaping Action) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            guard part.hasPrefix("{") && part.hasSuffix("}") else { return .literal(String(part)) }
            return part.hasSuffix("*}") ? .rest : .parameter
        }
        routes.append(Route(method: method, segments: segments, action: action))
    }

    /// The path segments below `/__admin`, percent-decoded; nil when the path is not an admin path.
    static func segments(of path: String) -> [String]? {
        guard path == prefix || path.hasPrefix(prefix + "/") else { return nil }
        return path.dropFirst(prefix.count).split(separator: "/").map { part in
            String(part).removingPercentEncoding ?? String(part)
        }
    }

    func handle(_ request: LoggedRequest, target: Target) -> AdminResponse {
        guard let path = Self.segments(of: request.path) else {
            return AdminFailure.notFound("Not an admin path: \(request.path)").response
        }
        // The most specific pattern that fits the path decides which methods the path has.
        var best: [(route: Route, parameters: [String])] = []
        var bestScore = -1
        for route in routes {
            guard let parameters = Self.match(route.segments, path) else { continue }
            if route.literalCount > bestScore {
                best = []
                bestScore = route.literalCount
            }
            if route.literalCount == bestScore { best.append((route, parameters)) }
        }
        guard !best.isEmpty else {
            return AdminFailure.notFound("No admin route for \(request.method) \(request.path)").response
        }
        guard let chosen = best.first(where: { $0.route.method == request.method }) else {
            var response = AdminFailure(
                status: 405, title: "Method \(request.method) is not allowed on \(request.path)"
            ).response
            response.headers.set("Allow", best.map(\.route.method).joined(separator: ", "))
            return response
        }
        do {
            return try chosen.route.action(target, AdminCall(request: request, parameters: chosen.parameters))
        } catch let failure as AdminFailure {
            return failure.response
        } catch {
            // Endpoints throw only AdminFailure; anything else is our bug, reported, not crashed on.
            return AdminFailure(status: 500, title: "Internal error", detail: String(describing: error)).response
        }
    }

    private static func match(_ pattern: [Segment], _ path: [String]) -> [String]? {
        let takesRest = pattern.last == .rest
        guard takesRest ? path.count >= pattern.count : pattern.count == path.count else { return nil }
        var parameters: [String] = []
        for (index, segment) in pattern.enumerated() {
            let part = path[index]
            switch segment {
            case .literal(let text): guard text == part else { return nil }
            case .parameter: parameters.append(part)
            case .rest: parameters.append(path[index...].joined(separator: "/"))
            }
        }
        return parameters
    }
}
