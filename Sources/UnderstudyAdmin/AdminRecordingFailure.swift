import UnderstudyCore

/// Why an ``AdminRecording`` refused a call, in the terms the admin API answers with.
public enum AdminRecordingFailure: Error, Sendable, Equatable {
    /// A bad RecordSpec (or a missing `targetBaseUrl`): 422, with the field's JSON pointer.
    case invalidSpec(MappingError)
    /// Not possible in the recorder's state (already recording, not recording, cannot start): 400.
    case refused(String)
    /// The recording could not be saved: 500.
    case failed(String)

    /// WireMock's error shape for this failure.
    var adminFailure: AdminFailure {
        switch self {
        case .invalidSpec(let error): return .invalid(error)
        case .refused(let title): return AdminFailure(status: 400, title: title)
        case .failed(let title): return AdminFailure(status: 500, title: title)
        }
    }
}
