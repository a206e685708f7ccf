/// Every message, enum and service a set of descriptor files declares, by full name: what turns
/// a gRPC call's bytes into the JSON a stub matches, and a stub's JSON back into bytes.
package struct ProtoSchema: Sendable {
    package private(set) var messages: [String: ProtoMessageType] = [:]
    package private(set) var enums: [String: ProtoEnumType] = [:]
    /// Methods by `/package.Service/Method`.
    package private(set) var methods: [String: ProtoMethod] = [:]
    /// Service full names, in the order they were read (for reflection's list).
    package private(set) var services: [String] = []

    package init() {}

    package var isEmpty: Bool { methods.isEmpty && messages.isEmpty }

    package mutating func add(_ message: ProtoMessageType) { messages[message.fullName] = message }
    package mutating func add(_ enumeration: ProtoEnumType) { enums[enumeration.fullName] = enumeration }
    package mutating func add(_ method: ProtoMethod) {
        if !services.contains(method.service) { services.append(method.service) }
        methods[method.path] = method
    }

    /// The method a request path names, tolerating a missing leading slash.
    package func method(path: String) -> ProtoMethod? {
        methods[path.hasPrefix("/") ? path : "/" + path]
    }

    package func message(_ fullName: String) throws(ProtoDecodingError) -> ProtoMessageType {
        if let found = messages[fullName] ?? WellKnownTypes.message(fullName) { return found }
        throw ProtoDecodingError("no descriptor declares the message type \(fullName)")
    }
}
