import RandomSupport
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

    /// The whole table as it was laid out before rendering into one string: padded copies joined.
    static func referenceRender(rows: [DiffRow], width requestedWidth: Int, title: String) -> String {
        let width = max(requestedWidth, 40)
        let leftWidth = (width - 1) / 2
        let rightWidth = width - leftWidth - 8
        var lines: [String] = []
        let indent = String(repeating: " ", count: max(0, (width - title.count) / 2))
        lines.append(indent + title)
        lines.append(indent + String(repeating: "=", count: title.count))
        lines.append("")
        let rule = String(repeating: "-", count: width)
        lines.append(rule)
        let half = (width - 3) / 2
        lines.append(
            "| " + referencePad("Closest stub", half - 1) + "| " + referencePad("Request", width - half - 4) + "|")
        lines.append(rule)
        for row in rows {
            let left = referenceWrap(row.expected, leftWidth)
            let right = referenceWrap(row.actual, rightWidth)
            for i in 0..<max(left.count, right.count, 1) {
                let l = i < left.count ? left[i] : ""
                let r = i < right.count ? right[i] : ""
                var line = referencePad(l, leftWidth) + "|"
                if !r.isEmpty || (i == 0 && row.mismatch != nil) { line += " " + r }
                if i == 0, let mismatch = row.mismatch {
                    line = referencePad(line, leftWidth + 2 + rightWidth) + "<<<<< \(mismatch) does not match"
                }
                lines.append(line)
            }
        }
        lines.append(rule)
        return lines.joined(separator: "\n") + "\n"
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

    @Test(arguments: 0..<100)
    func tableMatchesThePaddedLayout(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 500)
        func text() -> String {
            var text = ""
            let asciiOnly = seed % 3 != 0
            for _ in 0..<Int(random.next() % 160) {
                let piece = Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
                if asciiOnly, !piece.utf8.allSatisfy({ $0 < 0x80 }) { continue }
                text += piece
            }
            return text
        }
        let rows = (0..<Int(random.next() % 6)).map { _ in
            DiffRow(expected: text(), actual: text(), mismatch: random.next() % 2 == 0 ? nil : "URL")
        }
        // Widths below the 40 floor, around it, the default and past the fill runs' 128.
        let width = [0, 39, 40, 41, 80, 119, 200, 300][Int(random.next() % 8)]
        let title = seed % 5 == 0 ? "Contract é" : "Request was not matched"
        #expect(
            DiffRenderer.render(rows: rows, width: width, title: title)
                == Self.referenceRender(rows: rows, width: width, title: title), "seed \(seed)")
    }
}
