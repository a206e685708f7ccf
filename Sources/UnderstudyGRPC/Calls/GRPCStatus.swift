import Foundation

/// A gRPC status code (the `grpc-status` trailer), by the names WireMock's `grpc-status-name`
/// header uses.
public enum GRPCStatus: Int, Sendable, CaseIterable {
    case ok = 0
    case cancelled, unknown, invalidArgument, deadlineExceeded, notFound, alreadyExists, permissionDenied
    case resourceExhausted, failedPrecondition, aborted, outOfRange, unimplemented, internalError, unavailable, dataLoss
    case unauthenticated

    /// `NOT_FOUND`, as the gRPC spec and WireMock's header spell it.
    public var name: String {
        switch self {
        case .ok: "OK"
        case .cancelled: "CANCELLED"
        case .unknown: "UNKNOWN"
        case .invalidArgument: "INVALID_ARGUMENT"
        case .deadlineExceeded: "DEADLINE_EXCEEDED"
        case .notFound: "NOT_FOUND"
        case .alreadyExists: "ALREADY_EXISTS"
        case .permissionDenied: "PERMISSION_DENIED"
        case .resourceExhausted: "RESOURCE_EXHAUSTED"
        case .failedPrecondition: "FAILED_PRECONDITION"
        case .aborted: "ABORTED"
        case .outOfRange: "OUT_OF_RANGE"
        case .unimplemented: "UNIMPLEMENTED"
        case .internalError: "INTERNAL"
        case .unavailable: "UNAVAILABLE"
        case .dataLoss: "DATA_LOSS"
        case .unauthenticated: "UNAUTHENTICATED"
        }
    }

    /// The status a name or a number stands for (`NOT_FOUND`, `not_found`, `5`).
    public init?(name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed), let status = GRPCStatus(rawValue: number) {
            self = status
            return
        }
        guard let status = GRPCStatus.allCases.first(where: { $0.name == trimmed.uppercased() }) else { return nil }
        self = status
    }
}
