import ArgumentParser
import Foundation
import UnderstudyGraphQL

/// `--graphql-schema FILE` and `--graphql-path`, for `serve` (`check` has its own `--graphql-schema`,
/// whose help says what checking does, and no endpoint).
struct GraphQLOptions: ParsableArguments {
    @Option(
        name: .customLong("graphql-schema"),
        help: ArgumentHelp(
            "A GraphQL schema (SDL): operations sent to --graphql-path are validated against it, and those no stub matches are answered with data made up from its types, introspection included.",
            valueName: "file"))
    var schema: String?

    @Option(name: .customLong("graphql-path"), help: "The path of the GraphQL endpoint --graphql-schema serves.")
    var path: String = "/graphql"

    func validate() throws {
        guard path.hasPrefix("/") else { throw ValidationError("--graphql-path must start with /") }
    }

    /// The schema, or nil without --graphql-schema.
    func model() throws(GraphQLSchemaError) -> GraphQLSchemaModel? {
        guard let schema else { return nil }
        return try GraphQLSchemaModel.load(URL(fileURLWithPath: schema))
    }
}
