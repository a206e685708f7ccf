import UnderstudyCore
import UnderstudyJSON

extension StubMapping {
    /// How many times this stub is expected to be used, for strict mode. Kept in the stub's
    /// `metadata` under ``StubExpectation/metadataKey``, so the JSON is unchanged and shows in the
    /// admin API; the label is always read back from the stub's name or id.
    public var expectation: StubExpectation? {
        get { StubExpectation(metadata: metadata?[StubExpectation.metadataKey], stub: self) }
        set {
            var object = metadata ?? JSONObject()
            object[StubExpectation.metadataKey] = newValue?.metadata
            metadata = object.isEmpty ? nil : object
        }
    }
}
