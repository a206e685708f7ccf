import Testing

@testable import UnderstudyCore

/// The executable-document grammar of the GraphQL spec (October 2021), and its errors.
@Suite struct GraphQLParserTests {
    @Test func aQueryWithEveryKindOfSelection() throws {
        let document = try GraphQLParser.parse(
            """
            # a comment
            query Hero($episode: Episode = JEDI, $ids: [ID!]!) @cached(ttl: 60) {
              hero(episode: $episode) {
                heroName: name,
                ...details @include(if: true)
                ... on Droid { primaryFunction }
                ... @skip(if: false) { id }
              }
            }
            fragment details on Character { friends(first: 2, filter: {tags: ["a", "b"], min: -1.5e3}) { name } }
            """)
        let operation = try #require(document.operations.first)
        #expect(operation.kind == "query")
        #expect(operation.name == "Hero")
        #expect(operation.variables.map(\.type) == ["Episode", "[ID!]!"])
        #expect(operation.variables.first?.defaultValue == .enumValue("JEDI"))
        #expect(
            operation.directives == [
                GraphQLDirective(name: "cached", arguments: [.init(name: "ttl", value: .int("60"))])
            ])
        guard case .field(let hero) = operation.selections.first else {
            Issue.record("no hero field")
            return
        }
        #expect(hero.arguments == [GraphQLArgument(name: "episode", value: .variable("episode"))])
        #expect(hero.selections.count == 4)
        #expect(hero.selections[0] == .field(GraphQLField(alias: "heroName", name: "name")))
        guard case .fragmentSpread("details", let directives) = hero.selections[1] else {
            Issue.record("no spread")
            return
        }
        #expect(directives.first?.name == "include")
        guard case .inlineFragment("Droid", [], _) = hero.selections[2] else {
            Issue.record("no inline fragment")
            return
        }
        guard case .inlineFragment(nil, let skip, _) = hero.selections[3] else {
            Issue.record("no untyped inline fragment")
            return
        }
        #expect(skip.first?.name == "skip")
        let fragment = try #require(document.fragments.first)
        #expect(fragment.name == "details")
        #expect(fragment.typeCondition == "Character")
        guard case .field(let friends) = fragment.selections.first else {
            Issue.record("no friends field")
            return
        }
        #expect(
            friends.arguments.last?.value
                == .object([
                    GraphQLArgument(name: "tags", value: .list([.string("a"), .string("b")])),
                    GraphQLArgument(name: "min", value: .float("-1.5e3"))
                ]))
    }

    @Test func aBareSelectionSetIsAnAnonymousQuery() throws {
        let document = try GraphQLParser.parse("{ me { id } }")
        #expect(
            document.operations == [
                GraphQLOperation(selections: [
                    .field(GraphQLField(name: "me", selections: [.field(GraphQLField(name: "id"))]))
                ])
            ])
    }

    @Test func stringsAndBlockStrings() throws {
        let document = try GraphQLParser.parse(
            #"{ a(s: "tab\there \u00e9 \"q\"", b: """\#n    first\#n      indented\#n    """) }"#)
        guard case .field(let field) = document.operations.first?.selections.first else {
            Issue.record("no field")
            return
        }
        #expect(field.arguments[0].value == .string("tab\there é \"q\""))
        #expect(field.arguments[1].value == .string("first\n  indented"))
    }

    @Test(arguments: [
        ("", "the document is empty", 1, 1),
        ("{ a", "expected a name, found the end of the document", 1, 4),
        ("query { a(x: ) }", "expected a value, found ')'", 1, 14),
        ("type Query { a: Int }", "'type' defines a type system", 1, 1),
        ("{ a(x: 012) }", "a number may not start with 0", 1, 8),
        ("{\n  a(x: \"open\n) }", "a string may not span lines", 2, 8),
        ("query($a: Int = $b) { a }", "a variable cannot be used here", 1, 17),
        ("fragment on on T { a }", "a fragment may not be named 'on'", 1, 10),
        ("{ a } %", "unexpected character '%'", 1, 7)
    ])
    func errorsSayWhatAndWhere(source: String, message: String, line: Int, column: Int) {
        #expect {
            _ = try GraphQLParser.parse(source)
        } throws: { error in
            guard let error = error as? GraphQLSyntaxError else { return false }
            return error.message.hasPrefix(message) && error.line == line && error.column == column
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "{ a ", count: 500) + String(repeating: "} ", count: 500)
        #expect(throws: GraphQLSyntaxError.self) { try GraphQLParser.parse(deep) }
    }
}
