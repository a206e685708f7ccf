import Foundation
import Synchronization
import Testing
import Understudy
import XCTest

/// Sends a failure to whichever framework is running: a Swift Testing issue at the caller's
/// source location inside a Swift Testing test, otherwise an XCTest failure on the test case
/// that started the host (``XCTestCase/startStubServer(root:openAPI:strict:file:line:)``), else an issue anyway.
enum FailureReporter {
    static func record(_ message: String, host: (any StubHost)?, sourceLocation: SourceLocation) {
        if Test.current == nil, let host, let testCase = XCTestOwners.shared.testCase(for: host) {
            testCase.recordFailure(
                withDescription: message, inFile: sourceLocation.filePath, atLine: sourceLocation.line, expected: true)
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}

/// Which XCTest case started which host, so failures about the host land on that test.
final class XCTestOwners: Sendable {
    static let shared = XCTestOwners()

    /// XCTestCase is not Sendable; the box only holds a weak reference and is read under the lock.
    private final class WeakCase: @unchecked Sendable {
        weak var testCase: XCTestCase?
        init(_ testCase: XCTestCase) { self.testCase = testCase }
    }

    private let owners = Mutex<[ObjectIdentifier: WeakCase]>([:])

    func bind(_ host: any StubHost, to testCase: XCTestCase) {
        let box = WeakCase(testCase)
        owners.withLock { $0[ObjectIdentifier(host as AnyObject)] = box }
    }

    func unbind(_ host: any StubHost) {
        _ = owners.withLock { $0.removeValue(forKey: ObjectIdentifier(host as AnyObject)) }
    }

    func testCase(for host: any StubHost) -> XCTestCase? {
        owners.withLock { $0[ObjectIdentifier(host as AnyObject)]?.testCase }
    }
}
