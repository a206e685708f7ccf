import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// `discriminator` beside `oneOf`/`anyOf`, in 3.0 and 3.1: the property's value picks the
/// schema a body is checked against.
@Suite struct DiscriminatorTests {
    static let versions = ["3.0.3", "3.1.0"]

    func violations(_ version: String, _ path: String, _ body: String) throws -> [ContractViolation] {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.shapes(version: version))])
        let request = LoggedRequest(
            method: "POST", url: path, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        return contract.checkRequest(request).violations
    }

    @Test(arguments: versions)
    func aBodyOfTheSelectedSchemaPasses(_ version: String) throws {
        #expect(try violations(version, "/pets", #"{"petType":"cat","name":"Tom","lives":3}"#).isEmpty)
        // `dog` is mapped by schema name rather than by $ref.
        #expect(try violations(version, "/pets", #"{"petType":"dog","bark":true}"#).isEmpty)
    }

    @Test(arguments: versions)
    func aMissingDiscriminatorNamesThePropertyAndTheAllowedValues(_ version: String) throws {
        let found = try violations(version, "/pets", #"{"name":"Tom"}"#)
        #expect(found.count == 1)
        #expect(found.first?.location == "body")
        #expect(found.first?.pointer == "")
        #expect(
            found.first?.reason
                == #"discriminator: the discriminator property "petType" is missing (expected one of "cat", "dog")"#)
    }

    @Test(arguments: versions)
    func anUnknownDiscriminatorNamesThePropertyAndTheAllowedValues(_ version: String) throws {
        let found = try violations(version, "/pets", #"{"petType":"bird","name":"Tweety"}"#)
        #expect(found.map(\.pointer) == ["/petType"])
        #expect(
            found.first?.reason
                == #"discriminator: the discriminator property "petType" is "bird", not one of "cat", "dog""#)
    }

    @Test(arguments: versions)
    func theSelectedBranchsOwnErrorIsReported(_ version: String) throws {
        // Valid as a Cat, but it says it is a dog: the Dog schema's error, not "matched none of".
        let dog = try violations(version, "/pets", #"{"petType":"dog","name":"Tom"}"#)
        #expect(dog.map(\.reason) == [#"required: required property "bark" is missing"#])
        let cat = try violations(version, "/pets", #"{"petType":"cat","name":"Tom","lives":12}"#)
        #expect(cat.map(\.pointer) == ["/lives"])
        #expect(cat.first?.reason.hasPrefix("maximum:") == true)
        #expect(!cat.contains { $0.reason.contains("oneOf") })
    }

    @Test(arguments: versions)
    func withoutAMappingTheSchemaNamesAreTheValues(_ version: String) throws {
        #expect(try violations(version, "/animals", #"{"petType":"Dog","bark":false}"#).isEmpty)
        let unknown = try violations(version, "/animals", #"{"petType":"dog","bark":false}"#)
        #expect(unknown.first?.reason.contains(#"not one of "Cat", "Dog""#) == true)
        let wrongBranch = try violations(version, "/animals", #"{"petType":"Cat","bark":false}"#)
        #expect(wrongBranch.map(\.reason) == [#"required: required property "name" is missing"#])
    }

    @Test(arguments: versions)
    func aGeneratedAnswerCarriesTheValueThatSelectsItsBranch(_ version: String) throws {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.shapes(version: version))])
        let (_, id) = try #require(contract.operation(method: "POST", path: "/pets"))
        let answer = contract.answer(LoggedRequest(method: "POST", url: "/pets"), operation: id)
        #expect(try JSONParser.parse(answer.body)["petType"] == "cat")
        let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
        #expect(contract.checkResponse(response, operation: id).isEmpty)
    }

    @Test func aMappingThatDoesNotResolveStopsLoadingNamingTheFileAndPointer() throws {
        let text = SpecFixture.shapes(version: "3.1.0").replacingOccurrences(of: "dog: Dog", with: "dog: Doggo")
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        let url = try fixture.write("shapes.yaml", text)
        let error = try #require(throws: OpenAPISpecError.self) { try OpenAPISpec.load(url) }
        #expect(error.file == url.path)
        #expect(error.pointer == "/components/schemas/Pet/discriminator/mapping/dog")
        #expect(error.line == 40)
        #expect(error.reason.contains(#"the mapping for "dog" names "Doggo", which does not resolve to a schema"#))
    }

    @Test func aMappingIntoASiblingFileResolves() throws {
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        try fixture.write(
            "animals.yaml",
            """
            Bird:
              type: object
              required: [petType, wings]
              properties:
                petType: { type: string }
                wings: { type: integer }
            """)
        let text = SpecFixture.shapes(version: "3.1.0")
            .replacingOccurrences(
                of:
                    "        - $ref: \"#/components/schemas/Dog\"\n      discriminator:\n        propertyName: petType\n        mapping:",
                with:
                    "        - $ref: \"#/components/schemas/Dog\"\n        - $ref: \"animals.yaml#/Bird\"\n      discriminator:\n        propertyName: petType\n        mapping:\n          bird: \"animals.yaml#/Bird\""
            )
        #expect(text.contains("bird:"))
        let contract = try OpenAPIContract.load([try fixture.write("shapes.yaml", text)])
        func check(_ body: String) -> [ContractViolation] {
            contract.checkRequest(
                LoggedRequest(
                    method: "POST", url: "/pets", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            ).violations
        }
        #expect(check(#"{"petType":"bird","wings":2}"#).isEmpty)
        #expect(check(#"{"petType":"bird","wings":"two"}"#).map(\.pointer) == ["/wings"])
    }
}

/// A branch that fixes its own discriminator value (Spotify's `TrackObject` says `type: {enum:
/// [track]}`, inherited through `allOf` in `EpisodeObject`) is selected by that value as well as
/// by its schema name: the only value its own schema lets it carry.
@Suite struct DiscriminatorFixedValueTests {
    static let spec = """
        openapi: "3.0.3"
        info: { title: Items, version: "1" }
        paths:
          /items:
            post:
              requestBody:
                content:
                  application/json:
                    schema:
                      oneOf: [{ $ref: "#/components/schemas/Track" }, { $ref: "#/components/schemas/Episode" }]
                      discriminator: { propertyName: type }
              responses: { "204": { description: ok } }
        components:
          schemas:
            Track:
              type: object
              required: [type]
              properties: { type: { type: string, enum: [track] }, title: { type: string } }
            EpisodeBase:
              type: object
              required: [type]
              properties: { type: { type: string, enum: [episode] } }
            Episode:
              allOf: [{ $ref: "#/components/schemas/EpisodeBase" }, { type: object, properties: { show: { type: string } } }]
        """

    func violations(_ body: String) throws -> [ContractViolation] {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(Self.spec)])
        let request = LoggedRequest(
            method: "POST", url: "/items", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        return contract.checkRequest(request).violations
    }

    @Test func theBranchesOwnValueSelectsIt() throws {
        #expect(try violations(#"{"type":"track","title":"x"}"#).isEmpty)
        #expect(try violations(#"{"type":"episode","show":"y"}"#).isEmpty)
        #expect(try violations(#"{"type":"movie"}"#).map(\.pointer) == ["/type"])
    }
}
