import Testing
import UnderstudyTemplating

@testable import UnderstudyCore

/// `arrayAdd` and `arrayRemove`, against the outputs WireMock's documentation gives.
@Suite struct ArrayEditHelperTests {
    @Test(arguments: [
        ("{{arrayAdd (array 1 'three') 2 position=1}}", "[1, 2, three]"),
        ("{{arrayAdd (array 1 'three') 2 position='start'}}", "[2, 1, three]"),
        ("{{arrayAdd (array 1 'three') 2 position='end'}}", "[1, three, 2]"),
        ("{{arrayAdd (array 1 'three') 2}}", "[1, three, 2]")
    ])
    func arrayAddAsDocumented(_ template: String, _ expected: String) throws {
        #expect(try render(template) == expected)
    }

    @Test(arguments: [
        ("{{arrayRemove (array 1 2 'three') position=1}}", "[1, three]"),
        ("{{arrayRemove (array 1 2 'three') position='start'}}", "[2, three]"),
        ("{{arrayRemove (array 1 2 'three') position='end'}}", "[1, 2]"),
        ("{{arrayRemove (array 1 2 'three')}}", "[1, 2]")
    ])
    func arrayRemoveAsDocumented(_ template: String, _ expected: String) throws {
        #expect(try render(template) == expected)
    }

    @Test func badPositionsAreReportedInTheOutput() throws {
        #expect(
            try render("{{arrayAdd (array 1) 2 position='middle'}}")
                == "[ERROR: position must be 'start', 'end' or an integer]")
        #expect(
            try render("{{arrayAdd (array 1) 2 position=5}}")
                == "[ERROR: position must be greater than or equal to 0 and less than or equal to the size of the list]"
        )
        #expect(
            try render("{{arrayAdd (array 1)}}")
                == "[ERROR: Missing required parameter: additional value to add to list]")
        #expect(try render("{{arrayRemove (array)}}").hasPrefix("[ERROR: position must be"))
    }

    @Test func theResultIsAListOtherHelpersCanUse() throws {
        #expect(try render("{{size (arrayAdd (array 1 2) 3)}}") == "3")
        #expect(try render("{{#each (arrayRemove (array 'a' 'b' 'c') position=0)}}{{this}};{{/each}}") == "b;c;")
        #expect(try render("{{arrayAdd (parseJson '[1,2]') 3}}") == "[1, 2, 3]")
    }
}
