import Foundation

extension Fault {
    /// The `URLError` code URLSession on Linux reports when the server transport injects this
    /// fault (measured over a real socket; `ServerFaultTests` and the shared transport suite keep
    /// both in agreement). libcurl takes garbage instead of a status line for HTTP/0.9 and calls
    /// it an unsupported protocol, and has no mapping for a broken chunk.
    public var urlErrorCode: URLError.Code {
        switch self {
        case .connectionResetByPeer: return .networkConnectionLost  // -1005
        case .emptyResponse: return .badServerResponse  // -1011
        case .malformedResponseChunk: return .unknown  // -1
        case .randomDataThenClose: return .unsupportedURL  // -1002
        }
    }
}
