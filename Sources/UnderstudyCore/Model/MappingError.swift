import Foundation
import UnderstudyJSON

/// A stub mapping that cannot be understood, in WireMock's error shape:
/// `{"errors":[{"code":10,"source":{"pointer":"/request/bodyPatterns/1"},"title":"…","detail":"…"}]}`.
public struct MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// WireMock's error code: 10 for a bad entity, 109 for a duplicate stub id.
    public var code: Int
    /// JSON pointer to the offending value, e.g. `/request/headers/Accept`.
    public var pointer: String?
    /// A short statement of the problem.
    public var title: String
    /// More about it, when there is more to say.
    public var detail: String?
    /// The mapping file, when the stub came from disk.
    public var file: String?
    /// WireMock would load the stub; Understudy cannot evaluate this part of it (`cannotEvaluate(_:_:)`).
    public var isCannotEvaluate = false

    /// An error in WireMock's shape.
    public init(code: Int = 10, pointer: String? = nil, title: String, detail: String? = nil, file: String? = nil) {
        self.code = code
        self.pointer = pointer
        self.title = title
        self.detail = detail
        self.file = file
    }

    /// The error for a value that is not what the field needs.
    static func invalid(_ pointer: String, _ detail: String) -> MappingError {
        MappingError(pointer: pointer, title: "Error parsing JSON", detail: detail)
    }

    /// Something WireMock takes that Understudy cannot evaluate: a `customMatcher` (a Java
    /// extension), or a regex or JSONPath our engines refuse (Java's regex syntax differs from
    /// ICU's). A lenient load keeps such a stub, without matching it (``LoadPolicy/lenient``).
    static func cannotEvaluate(_ pointer: String, _ detail: String) -> MappingError {
        var error = MappingError(pointer: pointer, title: "Error parsing JSON", detail: detail)
        error.isCannotEvaluate = true
        return error
    }

    public var description: String {
        var text = ""
        if let file { text += file }
        if let pointer, !pointer.isEmpty { text += (text.isEmpty ? "" : " ") + "at \(pointer)" }
        if !text.isEmpty { text += ": " }
        text += detail ?? title
        return text
    }

    /// WireMock's JSON error body for one or more errors.
    public static func body(_ errors: [MappingError]) -> JSONValue {
        .object(["errors": .array(errors.map(\.json))])
    }

    /// The error as WireMock's admin API writes it (`{"errors":[…]}`).
    public var json: JSONValue {
        var object: JSONObject = ["code": .int(code)]
        if let pointer { object["source"] = .object(["pointer": .string(pointer)]) }
        object["title"] = .string(title)
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}

/// JSON pointer segments escape `~` and `/` (RFC 6901).
func pointer(_ base: String, _ key: String) -> String {
    // Decoding builds a pointer for every field it reads; most keys need no escaping.
    guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
        return base + "/" + key
    }
    return base + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}

func pointer(_ base: String, _ index: Int) -> String {
    base + "/" + String(index)
}
