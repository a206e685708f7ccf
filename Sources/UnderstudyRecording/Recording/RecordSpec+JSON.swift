import Foundation
import UnderstudyCore
import UnderstudyJSON

extension RecordSpec {
    /// Reads WireMock's RecordSpec JSON; absent fields keep their defaults.
    /// - Throws: `MappingError` naming the JSON pointer of the bad field (the admin API answers 422).
    public init(json value: JSONValue) throws(MappingError) {
        self.init()
        guard case .object(let object) = value else {
            throw MappingError(pointer: "", title: "Expected a RecordSpec object")
        }
        if let target = object["targetBaseUrl"] {
            guard case .string(let text) = target, URL(string: text)?.scheme != nil else {
                throw MappingError(pointer: "/targetBaseUrl", title: "targetBaseUrl must be an absolute URL")
            }
            targetBaseURL = text
        }
        if let filters = object["filters"]?.objectValue { self.filters = try Self.filters(filters) }
        if let headers = object["captureHeaders"]?.objectValue {
            captureHeaders = headers.map { ($0.key, $0.value["caseInsensitive"]?.boolValue ?? false) }
        }
        if let body = object["requestBodyPattern"]?.objectValue { requestBodyPattern = try Self.bodyPattern(body) }
        if let criteria = object["extractBodyCriteria"]?.objectValue {
            if let text = criteria["textSizeThreshold"] {
                textSizeThreshold = try Self.size(text, at: "/extractBodyCriteria/textSizeThreshold")
            }
            if let binary = criteria["binarySizeThreshold"] {
                binarySizeThreshold = try Self.size(binary, at: "/extractBodyCriteria/binarySizeThreshold")
            }
        }
        if let persist = object["persist"]?.boolValue { self.persist = persist }
        if let repeats = object["repeatsAsScenarios"]?.boolValue { repeatsAsScenarios = repeats }
        if let format = object["outputFormat"] {
            guard let text = format.stringValue, let parsed = OutputFormat(rawValue: text.uppercased()) else {
                throw MappingError(pointer: "/outputFormat", title: "outputFormat must be FULL or IDS")
            }
            outputFormat = parsed
        }
    }

    static func filters(_ object: JSONObject) throws(MappingError) -> RecordFilters {
        var filters = RecordFilters()
        if let pattern = object["urlPathPattern"]?.stringValue {
            do {
                filters.urlPathPattern = try RegexPattern(pattern)
            } catch {
                throw MappingError(
                    pointer: "/filters/urlPathPattern", title: "Invalid urlPathPattern",
                    detail: String(describing: error))
            }
        }
        filters.method = object["method"]?.stringValue
        if let ids = object["ids"]?.arrayValue {
            var parsed: [UUID] = []
            for (i, id) in ids.enumerated() {
                guard let text = id.stringValue, let uuid = UUID(uuidString: text) else {
                    throw MappingError(pointer: "/filters/ids/\(i)", title: "Not a valid UUID")
                }
                parsed.append(uuid)
            }
            filters.ids = parsed
        }
        if let allow = object["allowNonProxied"]?.boolValue { filters.allowNonProxied = allow }
        if let hosts = object["hosts"]?.arrayValue { filters.hosts = hosts.compactMap(\.stringValue) }
        return filters
    }

    static func bodyPattern(_ object: JSONObject) throws(MappingError) -> RequestBodyPatternSpec {
        let ignoreArrayOrder = object["ignoreArrayOrder"]?.boolValue ?? true
        let ignoreExtraElements = object["ignoreExtraElements"]?.boolValue ?? true
        let caseInsensitive = object["caseInsensitive"]?.boolValue ?? false
        switch object["matcher"]?.stringValue ?? "auto" {
        case "auto":
            return .automatic(
                ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements,
                caseInsensitive: caseInsensitive)
        case "equalTo": return .equalTo(caseInsensitive: caseInsensitive)
        case "equalToJson":
            return .equalToJson(ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        case "equalToXml": return .equalToXml
        case let other:
            throw MappingError(pointer: "/requestBodyPattern/matcher", title: "Unknown body matcher '\(other)'")
        }
    }

    /// `10240`, `"10240"`, `"2 kb"`, `"1 Mb"`, `"1.5GB"`: WireMock's sizes (units of 1024).
    static func size(_ value: JSONValue, at pointer: String) throws(MappingError) -> Int {
        if let number = value.numberValue?.intValue, number >= 0 { return number }
        guard let text = value.stringValue?.trimmingCharacters(in: .whitespaces).lowercased() else {
            throw MappingError(pointer: pointer, title: "Expected a size such as 2048 or \"2 kb\"")
        }
        let digits = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let multipliers: [String: Double] = [
            "": 1, "b": 1, "kb": 1024, "k": 1024, "mb": 1024 * 1024, "m": 1024 * 1024, "gb": 1024 * 1024 * 1024,
            "g": 1024 * 1024 * 1024
        ]
        guard let amount = Double(digits), amount >= 0, let multiplier = multipliers[unit] else {
            throw MappingError(pointer: pointer, title: "'\(text)' is not a size such as 2048 or \"2 kb\"")
        }
        return Int(amount * multiplier)
    }
}
