import Testing

@testable import UnderstudyCore

@Suite struct LevenshteinTests {
    @Test(arguments: [
        ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("flaw", "lawn", 2), ("/thing", "/thin", 1),
        ("same", "same", 0)
    ])
    func knownDistances(_ a: String, _ b: String, _ expected: Int) {
        #expect(Levenshtein.distance(Array(a.utf8), Array(b.utf8)) == expected)
        #expect(BitParallelLevenshtein(a).distance(to: b) == expected)
    }

    @Test func bitParallelAgreesWithTheTableOnRandomStrings() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab/c-1".utf8)
        for _ in 0..<2_000 {
            let a = String(
                decoding: (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? 97
                }, as: UTF8.self)
            let b = String(
                decoding: (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? 97
                }, as: UTF8.self)
            #expect(
                BitParallelLevenshtein(a).distance(to: b) == Levenshtein.distance(Array(a.utf8), Array(b.utf8)),
                "\(a) vs \(b)")
        }
    }

    @Test func longPatternsFallBackToTheTable() {
        let long = String(repeating: "x", count: 100)
        #expect(BitParallelLevenshtein(long).distance(to: long + "yy") == 2)
    }
}
