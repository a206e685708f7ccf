/// A store's stubs arranged for the near-miss search, built once per change to the store: stubs
/// with a literal `url` in one ``LiteralTrie`` (compared with the request's URL), those with a
/// literal `urlPath` in another (compared with its path), and the rest in a list scored one by one.
///
/// The answer is the one a scan of every stub in match order gives (``NearMissCalculator``), but
/// a stub is scored only when a lower bound on its distance, provably no greater than the real
/// one in floating point too, leaves it a chance; with 10,000 exact-path stubs a typical miss
/// scores a few dozen of them.
final class NearMissIndex: Sendable {
    /// Every stub in match order; a stub's place here is its rank.
    let stubs: [StoredStub]
    let urls: LiteralStubs
    let paths: LiteralStubs
    /// Ranks of stubs without a literal URL.
    let others: [Int]

    /// Stubs sharing literals, and the trie of those literals.
    struct LiteralStubs: Sendable {
        let trie: LiteralTrie
        /// For each literal id, the ranks of its stubs.
        let ranks: [[Int]]

        init(_ byLiteral: [String: [Int]], stubs: [StoredStub]) {
            let literals = Array(byLiteral.keys)
            ranks = literals.map { byLiteral[$0] ?? [] }
            trie = LiteralTrie(
                zip(literals, ranks).map { literal, ranks in
                    (
                        Array(literal.utf8), ranks.map { stubs[$0].nearMissKey.totalWeight }.max() ?? 0,
                        ranks.min() ?? .max
                    )
                })
        }
    }

    init(_ stubs: [StoredStub]) {
        self.stubs = stubs
        var urls: [String: [Int]] = [:]
        var paths: [String: [Int]] = [:]
        var others: [Int] = []
        for (rank, stored) in stubs.enumerated() {
            let key = stored.nearMissKey
            if let literal = key.literalURL {
                if key.literalIncludesQuery {
                    urls[literal, default: []].append(rank)
                } else {
                    paths[literal, default: []].append(rank)
                }
            } else {
                others.append(rank)
            }
        }
        self.urls = LiteralStubs(urls, stubs: stubs)
        self.paths = LiteralStubs(paths, stubs: stubs)
        self.others = others
    }

    /// Stubs scored one by one (no literal URL) that still leave a search quick.
    static let quickOthers = 16
    /// Stubs a quick search may walk: tens of microseconds for 10,000 `/items/N` literals.
    static let quickStubs = 25_000

    /// True when the search for `request` costs about as little as matching a stub: few stubs
    /// outside the tries, not too many in them, and a URL and path the trie walk takes (1 to 64
    /// bytes; longer ones score every literal in turn).
    func isQuick(for request: LoggedRequest) -> Bool {
        others.count <= Self.quickOthers && stubs.count <= Self.quickStubs
            && (1...64).contains(request.url.utf8.count) && (1...64).contains(request.path.utf8.count)
    }

    func nearest(to request: LoggedRequest, scenarioStates: [String: String], limit: Int) -> [NearMiss] {
        guard limit > 0 else { return [] }
        var ranking = RankedMisses(request: request, scenarioStates: scenarioStates, limit: limit)
        let context = ranking.context
        for rank in others {
            ranking.consider(rank, in: stubs, lowerBound: stubs[rank].nearMissKey.lowerBound(context))
        }
        search(urls, from: context.urlDistance, length: request.url.utf8.count, into: &ranking)
        search(paths, from: context.pathDistance, length: context.path.utf8.count, into: &ranking)
        return ranking.misses(from: stubs)
    }

    private func search(
        _ group: LiteralStubs, from pattern: BitParallelLevenshtein, length: Int, into ranking: inout RankedMisses
    ) {
        guard !group.ranks.isEmpty else { return }
        let context = ranking.context
        guard pattern.fitsOneWord else {
            // Too long (or empty) for the trie walk: every stub, each with its own lower bound.
            for ranks in group.ranks {
                for rank in ranks {
                    ranking.consider(rank, in: stubs, lowerBound: stubs[rank].nearMissKey.lowerBound(context))
                }
            }
            return
        }
        group.trie.search(
            pattern, patternLength: length,
            mayRank: { edits, longest, weight, minRank in
                // The same arithmetic as NearMissKey's bound, with the method assumed to match.
                ranking.mayAdmit(PartWeight.url * (Double(edits) / Double(longest)) / weight, minRank: minRank)
            },
            visit: { literal, edits in
                for rank in group.ranks[literal] {
                    let key = stubs[rank].nearMissKey
                    let longest = max(length, key.literalLength)
                    let bound = key.lowerBound(context, urlDistance: Double(edits) / Double(longest))
                    ranking.consider(rank, in: stubs, lowerBound: bound)
                }
            })
    }
}
