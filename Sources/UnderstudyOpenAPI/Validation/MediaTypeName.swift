import Foundation

/// A media type without its parameters, trimmed and lower-case (`Application/JSON; charset=utf-8`
/// is `application/json`). ASCII text is handled byte by byte: Foundation's trimming is slow on
/// Linux, and every validated request and response asks.
enum MediaTypeName {
    static func essence(_ header: String) -> String {
        // The usual case, `application/json` as documented: nothing to cut, trim or lower.
        let plain = header.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x80 && byte != UInt8(ascii: ";") && !(0x41...0x5A).contains(byte)
        }
        if plain, !header.isEmpty { return header }
        guard let first = header.split(separator: ";").first else { return "" }
        guard first.utf8.allSatisfy({ $0 < 0x80 }) else {
            return first.trimmingCharacters(in: .whitespaces).lowercased()
        }
        // In ASCII, `.whitespaces` is the space and the tab.
        let bytes = first.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: bytes.reversed().map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
