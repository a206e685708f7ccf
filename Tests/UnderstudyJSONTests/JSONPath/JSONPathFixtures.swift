import Foundation
import UnderstudyJSON

/// Documents shared by the JSONPath suites. The store is the example from Goessner's article
/// and Jayway's README, whose documented answers the evaluation tests check.
enum JSONPathFixtures {
    static let storeText = """
        { "store": {
            "book": [
              { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
              { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
              { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99 },
              { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99 }
            ],
            "bicycle": { "color": "red", "price": 19.95 }
          },
          "expensive": 10
        }
        """

    static let itemsText = """
        { "items": [
            { "id": 1, "name": "apple", "tags": ["red", "fruit"], "price": 10, "code": "10", "ok": true, "note": null },
            { "id": 2, "name": "Banana", "tags": ["yellow", "fruit"], "price": 2.5, "code": "x2", "ok": false },
            { "id": 3, "name": "", "tags": [], "price": "cheap", "sizes": { "s": 1 } }
          ],
          "limit": 5,
          "wanted": ["apple", "cherry"]
        }
        """

    static func store() throws -> JSONValue { try JSONParser.parse(storeText) }
    static func items() throws -> JSONValue { try JSONParser.parse(itemsText) }

    /// Evaluates `expression` on `document` and returns the values found as one JSON array.
    static func found(_ expression: String, in document: JSONValue) throws -> JSONValue {
        .array(try JSONPath(expression).evaluate(document).values)
    }
}
