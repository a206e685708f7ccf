import Testing

@testable import UnderstudyCore

@Suite struct LiteralTrieTests {
    /// With nothing ruled out, the walk reports every literal once, with its exact edit distance,
    /// nearest first (by pass).
    @Test(arguments: 0..<8)
    func reportsEveryLiteralWithItsExactDistance(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 99)
        let characters = Array("/ab1?é")
        let alphabet = Array("/ab1?é".utf8)
        func text(_ lengths: ClosedRange<Int>) -> [UInt8] {
            (0..<Int.random(in: lengths, using: &random)).map { _ in random.pick(alphabet) }
        }
        var literals: [[UInt8]] = []
        for _ in 0..<Int.random(in: 1...200, using: &random) {
            let literal = text(0...20)
            if !literals.contains(literal) { literals.append(literal) }
        }
        let trie = LiteralTrie(literals.map { ($0, 13) })
        for _ in 0..<20 {
            // At most 30 characters of at most 2 bytes: within the walk's 64-byte limit.
            let request = String((0..<Int.random(in: 1...30, using: &random)).map { _ in random.pick(characters) })
            let pattern = BitParallelLevenshtein(request)
            var seen: [Int: Int] = [:]
            trie.search(
                pattern, patternLength: request.utf8.count, mayRank: { _, _, _ in true },
                visit: { literal, edits in
                    #expect(seen[literal] == nil, "literal \(literal) reported twice")
                    seen[literal] = edits
                })
            #expect(seen.count == literals.count)
            for (id, edits) in seen {
                let expected = Levenshtein.distance(Array(request.utf8), literals[id])
                #expect(edits == expected, "\(request) vs \(literals[id])")
            }
        }
    }

    @Test func subtreesKnowTheirLengthsAndEnds() {
        let trie = LiteralTrie([(Array("/ab".utf8), 13), (Array("/a".utf8), 14), (Array("/b".utf8), 15)])
        let root = trie.nodes[0]
        #expect(root.minLength == 2 && root.maxLength == 3 && root.maxWeight == 15)
        #expect(root.end == Int32(trie.nodes.count))
        // Preorder: "/", "/a", "/ab", "/b".
        #expect(trie.nodes.map(\.byte) == [0] + Array("/ab".utf8) + Array("b".utf8))
        #expect(trie.nodes[2].literal == 1 && trie.nodes[3].literal == 0 && trie.nodes[4].literal == 2)
        #expect(trie.nodes[2].end == 4)
    }
}
