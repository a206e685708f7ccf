import Testing

@testable import UnderstudyServer

/// The byte toolbox the HTTP/1.1 readers share.
@Suite struct HTTPBytesTests {
    func check<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        Array(text.utf8).withUnsafeBytes(body)
    }

    @Test func caseIsFoldedForASCIILettersOnly() {
        #expect(check("Content-LENGTH") { HTTPBytes.equalsIgnoringCase($0, 0..<14, "content-length") })
        #expect(!check("Content-Lengtx") { HTTPBytes.equalsIgnoringCase($0, 0..<14, "content-length") })
        #expect(!check("Upgrade") { HTTPBytes.equalsIgnoringCase($0, 0..<6, "upgrade") })
        // 0x40 ('@') and 0x60 ('`') differ only in the case bit, but are not letters.
        #expect(!check("@") { HTTPBytes.equalsIgnoringCase($0, 0..<1, "`") })
    }

    @Test func decimalsAreDigitsOnlyWithinTheirLimit() {
        #expect(check("123") { HTTPBytes.decimal($0, 0..<3, maxDigits: 9) } == 123)
        #expect(check("1234567890") { HTTPBytes.decimal($0, 0..<10, maxDigits: 9) } == nil)
        #expect(check("+12") { HTTPBytes.decimal($0, 0..<3, maxDigits: 9) } == nil)
        #expect(check("") { HTTPBytes.decimal($0, 0..<0, maxDigits: 9) } == nil)
    }

    @Test func headerValuesLoseTheirOptionalWhitespaceAndCR() {
        #expect(check(" \t42 \r") { HTTPBytes.trimmingValue($0, 0..<6) } == 2..<4)
        #expect(check("   ") { HTTPBytes.trimmingValue($0, 0..<3) }.isEmpty)
    }
}
