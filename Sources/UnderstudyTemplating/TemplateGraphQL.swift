import Foundation
import UnderstudyJSON

/// `{{request.graphql.…}}`: the GraphQL operation a request carries, as JSON, for templates that
/// answer from it: `{{request.graphql.operationName}}`, `{{request.graphql.variables.id}}`,
/// `{{request.graphql.query}}`. From a JSON body (a batch gives the array), or from the URL
/// query of a GET (`variables` parsed from its JSON text).
enum TemplateGraphQL {
    static func operation(of request: any TemplateRequest) -> JSONValue? {
        let query = URLParts.queryParameters(of: request.url)
        if let text = query.first(where: { $0.name == "query" })?.values.first {
            var object = JSONObject()
            object["query"] = .string(text)
            if let name = query.first(where: { $0.name == "operationName" })?.values.first {
                object["operationName"] = .string(name)
            }
            if let variables = query.first(where: { $0.name == "variables" })?.values.first,
                let parsed = try? JSONParser.parse(Data(variables.utf8))
            {
                object["variables"] = parsed
            }
            return .object(object)
        }
        guard !request.body.isEmpty, let json = try? JSONParser.parse(request.body) else { return nil }
        if json["query"] != nil || json.arrayValue != nil { return json }
        return nil
    }
}
