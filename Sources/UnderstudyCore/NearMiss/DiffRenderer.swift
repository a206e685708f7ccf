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
        // One string grown in place: every 404 renders this, and a padded copy per cell and a
        // joined array of lines were most of its cost at 10,000 stubs.
        var out = ""
        out.reserveCapacity((rows.count * 2 + 8) * (width + 32))
        let titleLength = characterCount(title)
        let indent = max(0, (width - titleLength) / 2)
        appendRepeated(spaces, indent, to: &out)
        out += title
        out += "\n"
        appendRepeated(spaces, indent, to: &out)
        appendRepeated(equals, titleLength, to: &out)
        out += "\n\n"
        appendRepeated(dashes, width, to: &out)
        out += "\n"
        let half = (width - 3) / 2
        out += "| "
        appendPadded(columns.left, half - 1, to: &out)
        out += "| "
        appendPadded(columns.right, width - half - 4, to: &out)
        out += "|\n"
        appendRepeated(dashes, width, to: &out)
        out += "\n"
        for row in rows {
            let left = wrap(row.expected, leftWidth)
            let right = wrap(row.actual, rightWidth)
            for i in 0..<max(left.count, right.count, 1) {
                let l = i < left.count ? left[i] : ""
                let r = i < right.count ? right[i] : ""
                appendPadded(l, leftWidth, to: &out)
                out += "|"
                var length = max(characterCount(l), leftWidth) + 1
                if !r.isEmpty || (i == 0 && row.mismatch != nil) {
                    out += " "
                    out += r
                    // " " and a leading combining mark are one Character, as a column counts them.
                    length += isPlainASCII(r) ? 1 + r.utf8.count : (" " + r).count
                }
                if i == 0, let mismatch = row.mismatch {
                    appendRepeated(spaces, leftWidth + 2 + rightWidth - length, to: &out)
                    out += "<<<<< "
                    out += mismatch
                    out += " does not match"
                }
                out += "\n"
            }
        }
        appendRepeated(dashes, width, to: &out)
        out += "\n"
        return out
    }

    private static let spaces = String(repeating: " ", count: 128)
    private static let equals = String(repeating: "=", count: 128)
    private static let dashes = String(repeating: "-", count: 128)

    /// Appends `count` characters (none when `count` ≤ 0) from `fill`, a run of one character.
    private static func appendRepeated(_ fill: String, _ count: Int, to out: inout String) {
        var left = count
        while left > 0 {
            let step = min(left, fill.utf8.count)
            out += Substring(fill.utf8.prefix(step))
            left -= step
        }
    }

    /// `pad(text, width)`, appended in place.
    private static func appendPadded(_ text: String, _ width: Int, to out: inout String) {
        out += text
        appendRepeated(spaces, width - characterCount(text), to: &out)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        let length = characterCount(text)
        return length >= width ? text : text + String(repeating: " ", count: width - length)
    }

    /// `text.count`, without grapheme breaking when every byte is ASCII other than CR (`\r\n`
    /// is one Character): counting graphemes was a fifth of a 404's time at 10,000 stubs.
    static func characterCount(_ text: String) -> Int {
        isPlainASCII(text) ? text.utf8.count : text.count
    }

    static func isPlainASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Splits on newlines, then cuts lines longer than the column.
    static func wrap(_ text: String, _ width: Int) -> [String] {
        guard !text.isEmpty else { return [] }
        var result: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if isPlainASCII(line) {
                // One byte per Character: cut by bytes, as below but without grapheme breaking.
                var rest = line.utf8[...]
                while rest.count > width - 1, width > 1 {
                    result.append(String(decoding: rest.prefix(width - 1), as: UTF8.self))
                    rest = rest.dropFirst(width - 1)
                }
                result.append(String(decoding: rest, as: UTF8.self))
                continue
            }
            var rest = Substring(line)
            while rest.count > width - 1, width > 1 {
                result.append(String(rest.prefix(width - 1)))
                rest = rest.dropFirst(width - 1)
            }
            result.append(String(rest))
        }
        return result
    }
}
