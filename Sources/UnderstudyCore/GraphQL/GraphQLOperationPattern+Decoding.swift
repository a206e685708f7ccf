import Foundation
import UnderstudyJSON

extension GraphQLOperationPattern {
    /// The pattern a stub's `customMatcher.parameters` describe.
    /// - Parameter pointer: where the parameters are in the mapping, for errors.
    /// - Throws: `MappingError` naming the parameter at fault (a query that is not GraphQL, with
    ///   its line and column).
    init(parameters: JSONValue, at pointer: String) throws(MappingError) {
        guard case .object(let object) = parameters else {
            throw .invalid(pointer, "the graphql-body-matcher's parameters must be an object")
        }
        var query = object["query"]?.stringValue
        var variables = object["variables"].flatMap { $0 == .null ? nil : $0 }
        var fromExpectedJson = false
        if query == nil, let expected = object["expectedJson"] {
            // The extension's older form: the request it expects, as JSON text (or, written by
            // hand, as an object).
            let request: JSONValue
            if let text = expected.stringValue {
                do {
                    request = try JSONParser.parse(Data(text.utf8))
                } catch {
                    throw .invalid(pointer + "/expectedJson", "expectedJson is not JSON: \(error)")
                }
            } else {
                request = expected
            }
            query = request["query"]?.stringValue
            variables = request["variables"].flatMap { $0 == .null ? nil : $0 }
            fromExpectedJson = true
        }
        var patterns: [StringValuePattern] = []
        if let list = object["variablesPatterns"] {
            guard let items = list.arrayValue else {
                throw .invalid(pointer + "/variablesPatterns", "variablesPatterns must be an array of matchers")
            }
            for (i, item) in items.enumerated() {
                patterns.append(try StringValuePatternDecoder.decode(item, at: pointer + "/variablesPatterns/\(i)"))
            }
        }
        do {
            try self.init(
                query: query, variables: variables, operationName: object["operationName"]?.stringValue,
                variablesPatterns: patterns, persistedQueryHash: object["persistedQueryHash"]?.stringValue)
        } catch let error as GraphQLSyntaxError {
            let field = fromExpectedJson ? "/expectedJson" : "/query"
            throw .invalid(pointer + field, "the query is not GraphQL: \(error)")
        } catch {
            throw .invalid(pointer + "/variables", "the variables cannot be compared: \(error)")
        }
        self.parameters = parameters
        self.readFromExpectedJson = fromExpectedJson
    }

    /// What a loader warns about a stub using the older `expectedJson` parameter.
    public var expectedJsonWarning: String? {
        guard readFromExpectedJson else { return nil }
        return "graphql-body-matcher's expectedJson is the extension's older parameter: its current versions ignore it"
            + " (the stub never matches there) and its helper deleted every line break from it first; Understudy reads"
            + " the query and variables as written. Use \"query\" and \"variables\" instead"
    }
}
