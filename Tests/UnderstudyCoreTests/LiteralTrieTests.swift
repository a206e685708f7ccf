import RandomSupport
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
        let trie = LiteralTrie(literals.enumerated().map { ($1, 13, $0) })
        // Problems are gathered and expected once: an expectation per literal costs more than the
        // walk, and under ThreadSanitizer it held the test pool for half a minute.
        var problems: [String] = []
        for _ in 0..<20 {
            // At most 30 characters of at most 2 bytes: within the walk's 64-byte limit.
            let request = String((0..<Int.random(in: 1...30, using: &random)).map { _ in random.pick(characters) })
            let pattern = BitParallelLevenshtein(request)
            var seen: [Int: Int] = [:]
            trie.search(
                pattern, patternLength: request.utf8.count, mayRank: { _, _, _, _ in true },
                visit: { literal, edits in
                    if seen[literal] != nil { problems.append("literal \(literal) reported twice") }
                    seen[literal] = edits
                })
            if seen.count != literals.count { problems.append("\(request): \(seen.count) of \(literals.count)") }
            for (id, edits) in seen where edits != Levenshtein.distance(Array(request.utf8), literals[id]) {
                problems.append("\(request) vs \(literals[id]): \(edits)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func subtreesKnowTheirLengthsAndEnds() {
        let trie = LiteralTrie([(Array("/ab".utf8), 13, 7), (Array("/a".utf8), 14, 3), (Array("/b".utf8), 15, 5)])
        let root = trie.nodes[0]
        #expect(root.minLength == 2 && root.maxLength == 3 && root.maxWeight == 15 && root.minRank == 3)
        #expect(root.end == Int32(trie.nodes.count))
        // Preorder: "/", "/a", "/ab", "/b".
        #expect(trie.nodes.map(\.byte) == [0] + Array("/ab".utf8) + Array("b".utf8))
        #expect(trie.nodes[2].literal == 1 && trie.nodes[3].literal == 0 && trie.nodes[4].literal == 2)
        #expect(trie.nodes[2].end == 4)
        // "/a" holds "/a" (place 3) and "/ab" (place 7); "/ab" alone is 7.
        #expect(trie.nodes[2].minRank == 3 && trie.nodes[3].minRank == 7)
    }

    /// The crossing bound never exceeds the distance to any literal below a node, whatever the
    /// cut-off (up to which it is exact), so pruning with it cannot drop a near miss.
    @Test(arguments: 0..<8)
    func crossingBoundIsALowerBoundForEverySubtree(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 7)
        let alphabet = Array(random.next() % 2 == 0 ? "/ab1".utf8 : "/abcxyz12".utf8)
        var literals: [[UInt8]] = []
        for _ in 0..<Int.random(in: 1...120, using: &random) {
            let literal = (0..<Int.random(in: 1...16, using: &random)).map { _ in random.pick(alphabet) }
            if !literals.contains(literal) { literals.append(literal) }
        }
        let trie = LiteralTrie(literals.enumerated().map { ($1, 13, $0) })
        var problems: [String] = []
        for _ in 0..<10 {
            let request = (0..<Int.random(in: 1...20, using: &random)).map { _ in random.pick(alphabet) }
            let pattern = BitParallelLevenshtein(String(decoding: request, as: UTF8.self))
            var columns = [pattern.start]
            var prefix: [[UInt8]] = [[]]
            for index in 1..<trie.nodes.count {
                let node = trie.nodes[index]
                let depth = Int(node.depth)
                var column = columns[depth - 1]
                pattern.advance(&column, by: node.byte)
                columns.removeSubrange(depth...)
                columns.append(column)
                prefix.removeSubrange(depth...)
                prefix.append(prefix[depth - 1] + [node.byte])
                let below = literals.filter { $0.starts(with: prefix[depth]) }
                let distances = below.map { Levenshtein.distance(request, $0) }
                let nearest = distances.min() ?? .max
                for cutoff in [0, 1, 3, 40] {
                    let bound = LiteralTrie.crossingBound(
                        column, depth: depth, patternLength: request.count,
                        minRemaining: Int(node.minLength) - depth, maxRemaining: Int(node.maxLength) - depth,
                        absent: pattern.positions(notIn: node.below), cutoff: cutoff)
                    if bound > nearest || bound > cutoff + 1 {
                        problems.append("\(request) under \(prefix[depth]), cut-off \(cutoff): \(bound)")
                    }
                }
                // The least share of the longer length, tried length by length, is no more than
                // any literal's below.
                if let share = LiteralTrie.leastShare(
                    column, depth: depth, patternLength: request.count, minRemaining: Int(node.minLength) - depth,
                    maxRemaining: Int(node.maxLength) - depth, absent: pattern.positions(notIn: node.below),
                    mayRank: { _, _ in false })
                {
                    for (literal, edits) in zip(below, distances) {
                        let longest = max(request.count, literal.count)
                        if share.edits * longest > edits * share.longest {
                            problems.append("share of \(request) against \(literal)")
                        }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    /// Where the plain bound lets a subtree through, the crossing bound can rule it out: every
    /// literal of at most 11 bytes under `/items/5` is at least 2 edits from `/items/12345`,
    /// though the plain bound (4 edits so far, 3 bytes to come) says 1.
    @Test func crossingBoundIsTighterThanThePlainOne() {
        let request = "/items/12345"
        let pattern = BitParallelLevenshtein(request)
        var column = pattern.start
        for byte in "/items/5".utf8 { pattern.advance(&column, by: byte) }
        #expect(column.score - 3 == 1)
        let bound = LiteralTrie.crossingBound(
            column, depth: 8, patternLength: 12, minRemaining: 0, maxRemaining: 3, absent: 0, cutoff: 10)
        #expect(bound == 2)
        #expect(Levenshtein.distance(Array(request.utf8), Array("/items/5345".utf8)) == 2)
    }

    /// A request far from every literal: below `/items/` there are only digits, so each letter of
    /// `/no/such/thing` still to come costs an edit. The nearest literal is 12 edits away; the
    /// length bounds alone say 10, which lets the subtree through the cut-offs the walk passes on
    /// its way to 12, and the bytes below say more.
    @Test func bytesAbsentBelowANodeEachCostAnEdit() throws {
        let literals = (0..<100).map { Array("/items/\($0)".utf8) }
        let trie = LiteralTrie(literals.enumerated().map { ($1, 13, $0) })
        let node = try #require(trie.nodes.first { $0.depth == 7 })
        #expect(node.byte == UInt8(ascii: "/"))
        let request = "/no/such/thing"
        let pattern = BitParallelLevenshtein(request)
        var column = pattern.start
        for byte in "/items/".utf8 { pattern.advance(&column, by: byte) }
        func bound(absent: UInt64) -> Int {
            LiteralTrie.crossingBound(
                column, depth: 7, patternLength: 14, minRemaining: Int(node.minLength) - 7,
                maxRemaining: Int(node.maxLength) - 7, absent: absent, cutoff: 20)
        }
        let nearest = literals.map { Levenshtein.distance(Array(request.utf8), $0) }.min() ?? 0
        #expect(bound(absent: 0) == 10 && nearest == 12)
        let withBytes = bound(absent: pattern.positions(notIn: node.below))
        #expect(withBytes > 10 && withBytes <= nearest, "\(withBytes)")
    }

    /// `/nothing` is 7 edits from `/items/1` (7 of 8 bytes) and 10 from `/items/1234` (10 of 11):
    /// a bound of 7 edits over the longest length below, 11, says 0.64 and rules out nothing. Length
    /// by length, nothing under `/items/1` can do better than 7 of 8.
    @Test func theShareIsBoundedLengthByLength() throws {
        let literals = (0..<10_000).map { Array("/items/\($0)".utf8) }
        let trie = LiteralTrie(literals.enumerated().map { ($1, 13, $0) })
        let index = try #require(
            trie.nodes.indices.first { trie.nodes[$0].depth == 8 && trie.nodes[$0].byte == UInt8(ascii: "1") })
        let node = trie.nodes[index]
        let pattern = BitParallelLevenshtein("/nothing")
        var column = pattern.start
        for byte in "/items/1".utf8 { pattern.advance(&column, by: byte) }
        let share = try #require(
            LiteralTrie.leastShare(
                column, depth: 8, patternLength: 8, minRemaining: Int(node.minLength) - 8,
                maxRemaining: Int(node.maxLength) - 8, absent: pattern.positions(notIn: node.below),
                mayRank: { _, _ in false }))
        #expect(share.edits == 7 && share.longest == 8)
        #expect(Int(node.maxLength) == 11)
    }
}
