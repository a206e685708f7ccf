import Foundation
import Testing

@testable import UnderstudyCore
@testable import UnderstudyXML

/// Inputs the Matchers fuzz target found crashing the process inside Foundation's XMLParser on
/// Linux. Each must now be refused as XML, on the pattern side and on the request side alike.
@Suite struct XMLCrashRegressionTests {
    static let crashers = [
        "<?xm?><\u{E1}DOCTYPpt\u{10}on",  // the fuzzer's own input
        "<?a?><r/>",
        "<r><?a?></r>",
        #"<!DOCTYPE r [<!ATTLIST r a CDATA #IMPLIED>]><r/>"#,
        #"<!DOCTYPE r [<!NOTATION n PUBLIC "p">]><r/>"#,
        #"<!DOCTYPE r [<!NOTATION n SYSTEM "s">]><r/>"#
    ]

    @Test(arguments: crashers)
    func isRefusedBeforeTheParserSeesIt(_ text: String) {
        #expect(throws: XMLMatchError.self) { try XMLTreeParser.parse(text, requireBoundPrefixes: false) }
    }

    @Test(arguments: crashers)
    func asARequestBodyItSimplyDoesNotMatch(_ text: String) throws {
        let xpath = try StubMapping(jsonText: #"{"request":{"bodyPatterns":[{"matchesXPath":"/r"}]}}"#)
        let equal = try StubMapping(jsonText: #"{"request":{"bodyPatterns":[{"equalToXml":"<r/>"}]}}"#)
        for pattern in [xpath, equal].flatMap(\.request.bodyPatterns) {
            #expect(!pattern.matches(text))
        }
    }

    @Test func instructionsWithDataAndOtherDeclarationsStillParse() throws {
        _ = try XMLTreeParser.parse(
            #"<?xml version="1.0"?><!DOCTYPE r [<!ELEMENT r ANY>]><r><?a ?><?b c?></r>"#, requireBoundPrefixes: false)
    }
}
