import Foundation
import Testing
import UnderstudyCore
import UnderstudyOpenAPI

/// Query parameters whose schema is an object: `style: deepObject` (`filter[color]=red`) and
/// exploded `form` (each property a parameter of its own), read as objects and checked.
@Suite struct ObjectQueryParameterTests {
    let contract: OpenAPIContract

    init() throws {
        contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.products)])
    }

    func violations(_ query: String) -> [ContractViolation] {
        contract.checkRequest(LoggedRequest(method: "GET", url: "/products?" + query)).violations
    }

    @Test func aDeepObjectIsReadAsAnObject() {
        #expect(violations("filter[color]=red&filter[size]=M").isEmpty)
        #expect(violations("filter%5Bcolor%5D=red&filter%5BminPrice%5D=10").isEmpty)
        #expect(violations("filter[tags]=new&filter[tags]=sale&filter[dimensions][width]=3").isEmpty)
    }

    @Test func eachPropertyIsCheckedByItsSchema() {
        let found = violations("filter[size]=XL&filter[minPrice]=-1")
        #expect(found.map(\.location) == ["query.filter", "query.filter"])
        #expect(found.map(\.pointer) == ["/size", "/minPrice"])
        #expect(found.first?.specPath == "#/paths/~1products/get/parameters/0/schema")
        let typed = violations("filter[minPrice]=cheap&filter[dimensions][width]=wide")
        #expect(typed.map(\.pointer) == ["/minPrice", "/dimensions/width"])
        #expect(typed.allSatisfy { $0.reason.hasPrefix("type:") })
    }

    @Test func anUndocumentedPropertyIsRefusedAsTheSchemaSays() {
        let found = violations("filter[color]=red&filter[weight]=3")
        #expect(found.map(\.reason) == [#"additionalProperties: property "weight" is not allowed"#])
    }

    @Test func aRequiredDeepObjectThatIsNotSentIsMissing() {
        let found = violations("page=1")
        #expect(found.map(\.location) == ["query.filter"])
        #expect(found.first?.reason == "the required query parameter is missing")
    }

    @Test func aMalformedKeyIsNamed() {
        let found = violations("filter[color=red")
        #expect(found.map(\.reason) == [#""filter[color" is not of the form filter[property]"#])
    }

    @Test func anExplodedFormObjectIsReadFromItsPropertiesParameters() {
        #expect(violations("filter[color]=red&offset=10&limit=20").isEmpty)
        let found = violations("filter[color]=red&offset=10&limit=many")
        #expect(found.map(\.location) == ["query.page"])
        #expect(found.map(\.pointer) == ["/limit"])
    }
}
