/// gRPC server reflection (`grpc.reflection.v1` and its older `v1alpha`, the same messages
/// under another package), so `grpcurl`, Postman and IDEs can list a server's services and read
/// their descriptors. Answered from the descriptor sets the server read; each request message
/// gets one response message. Extension queries are answered with an empty list (descriptor
/// sets of proto3 services declare none that a client needs).
package enum GRPCReflection {
    package static let paths: Set<String> = [
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"
    ]

    /// The reflection service's own name, which a list of services includes (as grpc-java's does).
    static let serviceName = "grpc.reflection.v1.ServerReflection"

    /// The response to one `ServerReflectionRequest`.
    package static func respond(to request: [UInt8], schema: ProtoSchema) throws(ProtoDecodingError) -> [UInt8] {
        // ServerReflectionRequest: host = 1, file_by_filename = 3, file_containing_symbol = 4,
        // file_containing_extension = 5, all_extension_numbers_of_type = 6, list_services = 7.
        var reader = ProtoWireReader(request)
        var query: (number: Int, text: String)?
        while let (number, wireType) = try reader.nextTag() {
            guard wireType == .lengthDelimited else {
                try reader.skip(wireType, number: number)
                continue
            }
            let bytes = try reader.lengthDelimited()
            if (3...7).contains(number) { query = (number, String(decoding: bytes, as: UTF8.self)) }
        }
        // ServerReflectionResponse: valid_host = 1, original_request = 2,
        // file_descriptor_response = 4, all_extension_numbers_response = 5,
        // list_services_response = 6, error_response = 7.
        var response = ProtoWireWriter()
        response.tag(2, .lengthDelimited)
        response.lengthDelimited(request)
        switch query {
        case (7, _)?:
            var list = ProtoWireWriter()
            for name in schema.services + [serviceName] {
                var service = ProtoWireWriter()
                service.tag(1, .lengthDelimited)
                service.lengthDelimited(Array(name.utf8))
                list.tag(1, .lengthDelimited)
                list.lengthDelimited(service.bytes)
            }
            response.tag(6, .lengthDelimited)
            response.lengthDelimited(list.bytes)
        case (3, let file)?:
            let found = schema.fileWithDependencies(file)
            files(found, orError: "no descriptor set holds the file \(file)", into: &response)
        case (4, let symbol)?:
            let file = schema.symbolFiles[symbol] ?? containing(symbol, in: schema)
            let found = file.flatMap { schema.fileWithDependencies($0) }
            files(found, orError: "no descriptor declares the symbol \(symbol)", into: &response)
        case (6, let type)?:
            var numbers = ProtoWireWriter()
            numbers.tag(1, .lengthDelimited)
            numbers.lengthDelimited(Array(type.utf8))
            response.tag(5, .lengthDelimited)
            response.lengthDelimited(numbers.bytes)
        default:
            error(GRPCStatus.notFound, "extensions are not known to this server", into: &response)
        }
        return response.bytes
    }

    /// A symbol nested in one that is declared (a field `pkg.Message.field`): its parent's file.
    private static func containing(_ symbol: String, in schema: ProtoSchema) -> String? {
        var name = Substring(symbol)
        while let dot = name.lastIndex(of: ".") {
            name = name[..<dot]
            if let file = schema.symbolFiles[String(name)] { return file }
        }
        return nil
    }

    private static func files(_ found: [[UInt8]]?, orError message: String, into response: inout ProtoWireWriter) {
        guard let found else { return error(.notFound, message, into: &response) }
        var descriptors = ProtoWireWriter()
        for file in found {
            descriptors.tag(1, .lengthDelimited)
            descriptors.lengthDelimited(file)
        }
        response.tag(4, .lengthDelimited)
        response.lengthDelimited(descriptors.bytes)
    }

    private static func error(_ status: GRPCStatus, _ message: String, into response: inout ProtoWireWriter) {
        var error = ProtoWireWriter()
        error.tag(1, .varint)
        error.varint(UInt64(status.rawValue))
        error.tag(2, .lengthDelimited)
        error.lengthDelimited(Array(message.utf8))
        response.tag(7, .lengthDelimited)
        response.lengthDelimited(error.bytes)
    }
}
