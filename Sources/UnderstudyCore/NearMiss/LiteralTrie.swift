/// The literal URLs of many stubs as one trie, stored flat in preorder, so the edit distance from
/// a request to all of them can be computed one trie node at a time: a prefix that thousands of
/// stubs share (`/items/`) is compared once, and a whole subtree can be skipped when a lower bound
/// says none of its literals can be close enough.
struct LiteralTrie: Sendable {
    struct Node: Sendable {
        /// The byte that leads here from the parent (unused for the root).
        var byte: UInt8
        var depth: Int32
        /// One past the last node of this node's subtree: where to go to skip it.
        var end: Int32
        /// The literal that ends here, or -1.
        var literal: Int32
        /// The shortest and longest literals in the subtree, in bytes.
        var minLength: Int32
        var maxLength: Int32
        /// The largest total weight (``NearMissKey/totalWeight``) among the subtree's stubs: the
        /// smallest share a URL distance can have in a stub's distance.
        var maxWeight: Double
        /// The earliest place in match order among the subtree's stubs: among stubs at the same
        /// distance the earlier one ranks, so a subtree that cannot beat the ranking's last entry
        /// on distance and comes after it in order cannot rank at all.
        var minRank: Int32
        /// Every byte of the subtree below this node (not the node's own): a pattern byte outside
        /// it costs an edit in any literal below, which bounds a request far from all of them.
        var below = ByteSet()
    }

    /// A set of bytes: ASCII exactly, every other byte as one member (127, so it may say a byte
    /// is present when it is not, which only ever lowers a bound).
    struct ByteSet: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        @inline(__always)
        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(min(byte, 127) - 64) }
        }

        mutating func formUnion(_ other: ByteSet) {
            low |= other.low
            high |= other.high
        }

        /// The members of this set that `other` lacks.
        @inline(__always)
        func subtracting(_ other: ByteSet) -> ByteSet {
            ByteSet(low: low & ~other.low, high: high & ~other.high)
        }

        var isEmpty: Bool { low == 0 && high == 0 }
    }

    /// Preorder: a node's children follow it, and `nodes[0]` is the root (the empty prefix).
    let nodes: [Node]

    var maxDepth: Int { Int(nodes[0].maxLength) }

    /// - Parameter literals: each literal's bytes, the largest weight and the earliest match-order
    ///   place among its stubs; a literal's index here is the id the search reports.
    init(_ literals: [(bytes: [UInt8], maxWeight: Double, minRank: Int)]) {
        let sorted = literals.indices.sorted { literals[$0].bytes.lexicographicallyPrecedes(literals[$1].bytes) }
        var nodes = [
            Node(byte: 0, depth: 0, end: 0, literal: -1, minLength: .max, maxLength: 0, maxWeight: 0, minRank: .max)
        ]
        // The path from the root to the last node added: node indices by depth.
        var path = [0]
        var previous: [UInt8] = []
        for id in sorted {
            let bytes = literals[id].bytes
            var shared = 0
            while shared < min(previous.count, bytes.count) && previous[shared] == bytes[shared] { shared += 1 }
            path.removeLast(path.count - 1 - shared)
            for depth in shared..<bytes.count {
                path.append(nodes.count)
                nodes.append(
                    Node(
                        byte: bytes[depth], depth: Int32(depth + 1), end: 0, literal: -1, minLength: .max,
                        maxLength: 0, maxWeight: 0, minRank: .max))
            }
            nodes[path[path.count - 1]].literal = Int32(id)
            let length = Int32(bytes.count)
            for index in path {
                nodes[index].minLength = min(nodes[index].minLength, length)
                nodes[index].maxLength = max(nodes[index].maxLength, length)
                nodes[index].maxWeight = max(nodes[index].maxWeight, literals[id].maxWeight)
                nodes[index].minRank = min(nodes[index].minRank, Int32(clamping: literals[id].minRank))
            }
            previous = bytes
        }
        // Subtree ends, from the back: a node's subtree ends where the next node no deeper starts.
        var open: [Int] = []
        for index in nodes.indices {
            while let top = open.last, nodes[top].depth >= nodes[index].depth {
                nodes[top].end = Int32(index)
                open.removeLast()
            }
            open.append(index)
        }
        for index in open { nodes[index].end = Int32(nodes.count) }
        Self.gatherBytesBelow(&nodes)
        self.nodes = Self.earliestRankFirst(nodes)
    }

    /// Fills in each node's ``Node/below``: children first, from the back of the preorder, each
    /// giving its parent its own byte and everything below it.
    private static func gatherBytesBelow(_ nodes: inout [Node]) {
        var parents = [Int](repeating: 0, count: nodes.count)
        var ancestors: [Int] = []
        for index in nodes.indices {
            while let top = ancestors.last, nodes[top].depth >= nodes[index].depth { ancestors.removeLast() }
            parents[index] = ancestors.last ?? 0
            ancestors.append(index)
        }
        for index in nodes.indices.dropFirst().reversed() {
            var bytes = nodes[index].below
            bytes.insert(nodes[index].byte)
            nodes[parents[index]].below.formUnion(bytes)
        }
    }

    /// The same trie laid out again with each node's children in order of their subtree's
    /// earliest match-order place (``Node/minRank``) instead of by byte. Any preorder serves the
    /// search; this one meets, among literals at one distance, those that win ties first, so the
    /// ranking fills with them and the rest of the pass skips every subtree that can only tie.
    /// (With `/items/0…9999` loaded in order and a request for `/items/1234567`, three edits from
    /// 35 of them, that is most of the walk.)
    private static func earliestRankFirst(_ nodes: [Node]) -> [Node] {
        var laidOut: [Node] = []
        laidOut.reserveCapacity(nodes.count)
        // Depth-first without recursion (a literal can be thousands of bytes long): each entry is
        // a node already written, where it was written, and its children still to write.
        var stack: [(written: Int, children: ArraySlice<Int>)] = []
        func write(_ index: Int) {
            let node = nodes[index]
            var children: [Int] = []
            var child = index + 1
            while child < Int(node.end) {
                children.append(child)
                child = Int(nodes[child].end)
            }
            children.sort { (nodes[$0].minRank, $0) < (nodes[$1].minRank, $1) }
            stack.append((laidOut.count, children[...]))
            laidOut.append(node)
        }
        write(0)
        while let top = stack.last {
            if let next = top.children.first {
                stack[stack.count - 1].children = top.children.dropFirst()
                write(next)
            } else {
                laidOut[top.written].end = Int32(laidOut.count)
                stack.removeLast()
            }
        }
        return laidOut
    }
}
