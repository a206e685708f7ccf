/// Every message, enum and service a set of descriptor files declares, by full name: what turns
/// a gRPC call's bytes into the JSON a stub matches, and a stub's JSON back into bytes.
package struct ProtoSchema: Sendable {
    package private(set) var messages: [String: ProtoMessageType] = [:]
    package private(set) var enums: [String: ProtoEnumType] = [:]
    /// Methods by `/package.Service/Method`.
    package private(set) var methods: [String: ProtoMethod] = [:]
    /// Service full names, in the order they were read (for reflection's list).
    package private(set) var services: [String] = []
    /// Each file's `FileDescriptorProto` as it was read, and the files it imports, by file name:
    /// what server reflection sends a client that asks.
    package private(set) var files: [String: (bytes: [UInt8], dependencies: [String])] = [:]
    /// The file that declares each message, enum, service and method (`pkg.Service.Method`).
    package private(set) var symbolFiles: [String: String] = [:]

    package init() {}

    package var isEmpty: Bool { methods.isEmpty && messages.isEmpty }

    package mutating func add(_ message: ProtoMessageType) { messages[message.fullName] = message }
    package mutating func add(_ enumeration: ProtoEnumType) { enums[enumeration.fullName] = enumeration }
    package mutating func addFile(_ name: String, bytes: [UInt8], dependencies: [String]) {
        if files[name] == nil { files[name] = (bytes, dependencies) }
    }

    package mutating func declare(_ symbol: String, in file: String) { symbolFiles[symbol] = file }

    /// A file and every file it imports, in turn, the file first; nil for a file not read.
    package func fileWithDependencies(_ name: String) -> [[UInt8]]? {
        guard files[name] != nil else { return nil }
        var order: [String] = []
        var stack = [name]
        while let next = stack.popLast() {
            guard !order.contains(next), let file = files[next] else { continue }
            order.append(next)
            stack.append(contentsOf: file.dependencies.reversed())
        }
        return order.compactMap { files[$0]?.bytes }
    }

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
