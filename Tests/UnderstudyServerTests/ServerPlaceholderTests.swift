import Testing

@testable import UnderstudyAdmin
@testable import UnderstudyCore
@testable import UnderstudyServer

@Suite struct AdminResponseTests {
    @Test func jsonResponsesSayTheyAreJSON() {
        let response = AdminResponse.json(["a": 1], status: 201)
        #expect(response.status == 201)
        #expect(response.headers.first("Content-Type") == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"a":1}"#)
    }
}
