import Testing

@testable import UnderstudyCore

/// The diff's column layout counts Characters; its ASCII shortcut must lay out exactly as
/// counting graphemes does, for any text and width.
@Suite struct DiffRendererLayoutTests {
    /// The layout by Characters, as it was before the shortcut.
    static func referenceWrap(_ text: String, _ width: Int) -> [String] {
        guard !text.isEmpty else { return [] }
        var result: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            while rest.count > width - 1, width > 1 {
                result.append(String(rest.prefix(width - 1)))
                rest = rest.dropFirst(width - 1)
            }
            result.append(String(rest))
        }
        return result
    }

    static func referencePad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static let pieces = ["a", "Z", " ", "{", "\"", "\n", "\r\n", "\r", "é", "e\u{301}", "👩‍👩‍👧", "日本", "\t", "%20"]

    @Test(arguments: 0..<200)
    func layoutMatchesCountingCharacters(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let length = Int(random.next() % 300)
        var text = ""
        let asciiOnly = seed % 2 == 0
        for _ in 0..<length {
            let piece = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            if asciiOnly, !piece.utf8.allSatisfy({ $0 < 0x80 }) { continue }
            text += piece
        }
        let width = Int(random.next() % 70)
        #expect(DiffRenderer.wrap(text, width) == Self.referenceWrap(text, width), "seed \(seed)")
        #expect(DiffRenderer.pad(text, width) == Self.referencePad(text, width), "seed \(seed)")
    }
}
