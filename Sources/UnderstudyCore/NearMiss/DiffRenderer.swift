/// Renders WireMock's plain-text "Request was not matched" diff: the closest stub on the left,
/// the request on the right, `<<<<< X does not match` on rows that disagree.
public enum DiffRenderer {
    /// WireMock's default console width; the `X-WireMock-Console-Width` header overrides it.
    public static let defaultWidth = 119

    /// The sentence WireMock answers with when there are no stubs at all.
    public static let noStubsMessage =
        "No response could be served as there are no stub mappings in this WireMock instance."

    /// The whole diff for the closest miss.
    public static func render(_ miss: NearMiss, width: Int = defaultWidth) -> String {
        render(rows: DiffRows.rows(for: miss), width: width, title: "Request was not matched")
    }

    /// The rows of the diff, for callers that lay them out themselves (test failure messages).
    public static func rows(for miss: NearMiss) -> [DiffRow] {
        DiffRows.rows(for: miss)
    }

    /// - Parameter columns: the headings of the left (expected) and right (actual) columns.
    static func render(
        rows: [DiffRow], width requestedWidth: Int, title: String,
        columns: (left: String, right: String) = ("Closest stub", "Request")
    ) -> String {
        let width = max(requestedWidth, 40)
        // Left column, then "| ", then the right column and the marker.
        let leftWidth = (width - 1) / 2
        let rightWidth = width - leftWidth - 8
        // Bytes grown in place and made a String once: every 404 renders this, and appending to
        // a String (a Substring per run of padding, a String per wrapped line) was most of its cost.
        var out: [UInt8] = []
        out.reserveCapacity((rows.count * 2 + 8) * (width + 32))
        let titleLength = characterCount(title)
        let indent = max(0, (width - titleLength) / 2)
        appendRepeated(spaces, indent, to: &out)
        out.append(contentsOf: title.utf8)
        out.append(newline)
        appendRepeated(spaces, indent, to: &out)
        appendRepeated(equals, titleLength, to: &out)
        out.append(newline)
        out.append(newline)
        appendRepeated(dashes, width, to: &out)
        out.append(newline)
        let half = (width - 3) / 2
        out.append(contentsOf: "| ".utf8)
        appendPadded(columns.left, half - 1, to: &out)
        out.append(contentsOf: "| ".utf8)
        appendPadded(columns.right, width - half - 4, to: &out)
        out.append(contentsOf: "|\n".utf8)
        appendRepeated(dashes, width, to: &out)
        out.append(newline)
        for row in rows {
            let left = wrappedLines(row.expected, leftWidth)
            let right = wrappedLines(row.actual, rightWidth)
            for i in 0..<max(left.count, right.count, 1) {
                let l = i < left.count ? left[i] : ""
                let r = i < right.count ? right[i] : ""
                appendPadded(l, leftWidth, to: &out)
                out.append(UInt8(ascii: "|"))
                var length = max(characterCount(l), leftWidth) + 1
                if !r.isEmpty || (i == 0 && row.mismatch != nil) {
                    out.append(UInt8(ascii: " "))
                    out.append(contentsOf: r.utf8)
                    // " " and a leading combining mark are one Character, as a column counts them.
                    length += isPlainASCII(r) ? 1 + r.utf8.count : (" " + r).count
                }
                if i == 0, let mismatch = row.mismatch {
                    appendRepeated(spaces, leftWidth + 2 + rightWidth - length, to: &out)
                    out.append(contentsOf: "<<<<< ".utf8)
                    out.append(contentsOf: mismatch.utf8)
                    out.append(contentsOf: " does not match".utf8)
                }
                out.append(newline)
            }
        }
        appendRepeated(dashes, width, to: &out)
        out.append(newline)
        return String(decoding: out, as: UTF8.self)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 128)
    private static let equals = [UInt8](repeating: UInt8(ascii: "="), count: 128)
    private static let dashes = [UInt8](repeating: UInt8(ascii: "-"), count: 128)

    /// Appends `count` bytes (none when `count` ≤ 0) from `fill`, a run of one ASCII byte.
    private static func appendRepeated(_ fill: [UInt8], _ count: Int, to out: inout [UInt8]) {
        var left = count
        while left > 0 {
            let step = min(left, fill.count)
            out.append(contentsOf: fill[..<step])
            left -= step
        }
    }

    /// `pad(text, width)`, appended in place.
    private static func appendPadded(_ text: some StringProtocol, _ width: Int, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
        appendRepeated(spaces, width - characterCount(text), to: &out)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        let length = characterCount(text)
        return length >= width ? text : text + String(repeating: " ", count: width - length)
    }

    /// `text.count`, without grapheme breaking when every byte is ASCII other than CR (`\r\n`
    /// is one Character): counting graphemes was a fifth of a 404's time at 10,000 stubs.
    static func characterCount(_ text: some StringProtocol) -> Int {
        isPlainASCII(text) ? text.utf8.count : text.count
    }

    static func isPlainASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Splits on newlines, then cuts lines longer than the column.
    static func wrap(_ text: String, _ width: Int) -> [String] {
        wrappedLines(text, width).map(String.init)
    }

    /// ``wrap(_:_:)`` as slices of `text`, so laying out a row copies nothing.
    static func wrappedLines(_ text: String, _ width: Int) -> [Substring] {
        guard !text.isEmpty else { return [] }
        var result: [Substring] = []
        // "\n" is a Character of its own unless it ends a "\r\n", so without CR a byte split is
        // the same split, without grapheme breaking.
        let lines =
            text.utf8.contains(0x0D)
            ? text.split(separator: "\n", omittingEmptySubsequences: false)
            : text.utf8.split(separator: newline, omittingEmptySubsequences: false).map(Substring.init)
        for line in lines {
            if isPlainASCII(line) {
                // One byte per Character: cut by bytes, as below but without grapheme breaking.
                var rest = line.utf8[...]
                while rest.count > width - 1, width > 1 {
                    result.append(Substring(rest.prefix(width - 1)))
                    rest = rest.dropFirst(width - 1)
                }
                result.append(Substring(rest))
                continue
            }
            var rest = line
            while rest.count > width - 1, width > 1 {
                result.append(rest.prefix(width - 1))
                rest = rest.dropFirst(width - 1)
            }
            result.append(rest)
        }
        return result
    }
}
