import Foundation
import GraphQL

/// A GraphQL schema read from the schema language (SDL): GraphQLSwift's schema, which parses and
/// validates operations, with its types indexed for the mock executor and the stub checks.
public struct GraphQLSchemaModel: Sendable {
    let schema: GraphQLSchema
    let index: SchemaIndex

    /// The schema in `sdl`; `file` names it in errors.
    /// - Throws: ``GraphQLSchemaError`` with the line and column of a syntax error, or what makes
    ///   the schema invalid (an unknown type, an interface field not implemented).
    public init(sdl: String, file: String? = nil) throws(GraphQLSchemaError) {
        do {
            let schema = try buildSchema(source: sdl)
            let problems = validateSchema(schema: schema)
            if !problems.isEmpty {
                throw GraphQLSchemaError(
                    file: file, reason: problems.map { GraphQLErrors.shortMessage($0) }.joined(separator: "; "))
            }
            self.schema = schema
            self.index = try SchemaIndex(schema)
        } catch let error as GraphQLSchemaError {
            throw error
        } catch let error as GraphQLError {
            throw GraphQLSchemaError(file: file, reason: GraphQLErrors.shortMessage(error))
        } catch {
            throw GraphQLSchemaError(file: file, reason: "\(error)")
        }
    }

    /// The schema in a `.graphql` file.
    public static func load(_ url: URL) throws(GraphQLSchemaError) -> GraphQLSchemaModel {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw GraphQLSchemaError(file: url.path, reason: "cannot be read: \(error.localizedDescription)")
        }
        return try GraphQLSchemaModel(sdl: text, file: url.path)
    }
}
