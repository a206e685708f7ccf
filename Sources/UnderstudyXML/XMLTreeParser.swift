import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads XML text into an ``XMLTree`` with Foundation's streaming `XMLParser` (libxml2 on Linux).
///
/// `XMLDocument` is not used: on Linux it parses in libxml2's recovery mode, so broken XML is
/// silently "repaired" instead of rejected. The streaming parser reports every well-formedness
/// error, never fetches external entities or DTDs, and lets us resolve namespaces ourselves.
enum XMLTreeParser {
    /// Parses `text`. With `requireBoundPrefixes` a prefix without an `xmlns:` declaration is an error;
    /// without it the prefix is kept and its namespace URI is nil.
    static func parse(_ text: String, requireBoundPrefixes: Bool) throws(XMLMatchError) -> XMLTree {
        // A leading BOM or blank line would make libxml2 reject an XML declaration; WireMock users
        // often paste such documents into JSON, so ignore it.
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard !trimmed.isEmpty else { throw XMLMatchError("The XML document is empty.") }
        // Cheap rejection of JSON and other bodies before starting a parser.
        guard trimmed.first == "<" else { throw XMLMatchError("The text is not XML: it does not start with '<'.") }
        // Entity declarations are the doorway to entity-expansion bombs and external-entity reads;
        // request bodies and stubs have no use for them.
        if trimmed.contains("<!ENTITY") {
            throw XMLMatchError("XML documents that declare entities (<!ENTITY) are not accepted.")
        }
        if let refusal = XMLCrashGuard.refusal(trimmed) { throw XMLMatchError(refusal) }
        let builder = XMLTreeBuilder(requireBoundPrefixes: requireBoundPrefixes)
        let parser = XMLParser(data: Data(trimmed.utf8))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()
        if let problem = builder.problem {
            throw XMLMatchError(problem)
        }
        if let error = parser.parserError as NSError?, !XMLTreeBuilder.isNamespaceOnly(error.code) {
            throw XMLMatchError(
                "The XML is not well-formed (libxml2 error \(error.code) at line \(parser.lineNumber), column \(parser.columnNumber))."
            )
        }
        return try builder.finish()
    }
}
