import UnderstudyCore

/// An admin request that cannot be carried out: the HTTP status and WireMock's error body.
/// `package`, for the server's dashboard routes, which answer in the same shape.
package struct AdminFailure: Error, Sendable {
    package var status: Int
    package var errors: [MappingError]

    package init(status: Int, _ errors: [MappingError]) {
        self.status = status
        self.errors = errors
    }

    package init(status: Int, title: String, pointer: String? = nil, detail: String? = nil, code: Int = 10) {
        self.init(status: status, [MappingError(code: code, pointer: pointer, title: title, detail: detail)])
    }

    /// A bad stub, pattern or settings body: WireMock answers 422.
    static func invalid(_ error: MappingError) -> AdminFailure {
        AdminFailure(status: 422, [error])
    }

    package static func notFound(_ title: String) -> AdminFailure {
        AdminFailure(status: 404, title: title)
    }

    /// WireMock refuses to write or remove stubs that came from a `{"mappings":[…]}` file.
    static func readOnly(_ action: String) -> AdminFailure {
        AdminFailure(
            status: 409, title: "Stubs loaded from multi-mapping files are read-only, and therefore cannot be \(action)"
        )
    }

    package var response: AdminResponse {
        .json(MappingError.body(errors), status: status)
    }
}
