extension JSONSchemaValidator {
    /// Which way a value travels, for OpenAPI's `readOnly` and `writeOnly` (compiled with the
    /// OpenAPI vocabulary): a readOnly property may not be sent in a request and is not required
    /// there; a writeOnly one likewise in a response.
    public enum Direction: Sendable, Hashable {
        /// Neither check applies: plain JSON Schema.
        case any
        /// A request body or parameter, sent by the client.
        case request
        /// A response body, sent back by the server.
        case response
    }
}
