/// The XMLUnit comparison kinds that WireMock's `exemptedComparisons` can name.
///
/// WireMock only ever counts the kinds marked "counted" below; the rest (prefixes, child order,
/// XML declaration, doctype) never cause a mismatch, so exempting them changes nothing. All names
/// are still accepted, because WireMock accepts them.
enum XMLComparisonType: String, Sendable, CaseIterable {
    // Counted by WireMock.
    case elementTagName = "ELEMENT_TAG_NAME"
    case schemaLocation = "SCHEMA_LOCATION"
    case noNamespaceSchemaLocation = "NO_NAMESPACE_SCHEMA_LOCATION"
    case nodeType = "NODE_TYPE"
    case namespaceURI = "NAMESPACE_URI"
    case textValue = "TEXT_VALUE"
    case processingInstructionTarget = "PROCESSING_INSTRUCTION_TARGET"
    case processingInstructionData = "PROCESSING_INSTRUCTION_DATA"
    case elementNumAttributes = "ELEMENT_NUM_ATTRIBUTES"
    case attrValue = "ATTR_VALUE"
    case childNodelistLength = "CHILD_NODELIST_LENGTH"
    case childLookup = "CHILD_LOOKUP"
    case attrNameLookup = "ATTR_NAME_LOOKUP"
    // Never counted by WireMock.
    case attrValueExplicitlySpecified = "ATTR_VALUE_EXPLICITLY_SPECIFIED"
    case childNodelistSequence = "CHILD_NODELIST_SEQUENCE"
    case doctypeName = "DOCTYPE_NAME"
    case doctypePublicID = "DOCTYPE_PUBLIC_ID"
    case doctypeSystemID = "DOCTYPE_SYSTEM_ID"
    case hasDoctypeDeclaration = "HAS_DOCTYPE_DECLARATION"
    case namespacePrefix = "NAMESPACE_PREFIX"
    case xmlEncoding = "XML_ENCODING"
    case xmlStandalone = "XML_STANDALONE"
    case xmlVersion = "XML_VERSION"

    /// Parses WireMock's names, rejecting unknown ones with the list of valid names.
    static func parse(_ names: [String]) throws(XMLMatchError) -> Set<XMLComparisonType> {
        var result: Set<XMLComparisonType> = []
        for name in names {
            guard let type = XMLComparisonType(rawValue: name) else {
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                throw XMLMatchError("Unknown exempted comparison '\(name)'. Known comparisons: \(known).")
            }
            result.insert(type)
        }
        return result
    }
}
