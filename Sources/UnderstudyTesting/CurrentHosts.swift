import Understudy

extension StubServer {
    /// The server the `.stubServer` trait started for the running test (task-local).
    @TaskLocal static var scoped: StubServer?

    /// The server the `.stubServer` trait started for the running test.
    /// - Throws: ``NoCurrentStubHost`` outside a test (or suite) with the trait.
    public static var current: StubServer {
        get throws {
            guard let scoped else { throw NoCurrentStubHost(expected: "StubServer", trait: ".stubServer(root:)") }
            return scoped
        }
    }
}

extension InProcessStubs {
    /// The stub set the `.inProcessStubs` trait opened for the running test (task-local).
    @TaskLocal static var scoped: InProcessStubs?

    /// The stub set the `.inProcessStubs` trait opened for the running test.
    /// - Throws: ``NoCurrentStubHost`` outside a test (or suite) with the trait.
    public static var current: InProcessStubs {
        get throws {
            guard let scoped else { throw NoCurrentStubHost(expected: "InProcessStubs", trait: ".inProcessStubs") }
            return scoped
        }
    }
}

/// `StubServer.current` or `InProcessStubs.current` was read where no trait provides one.
public struct NoCurrentStubHost: Error, Sendable, CustomStringConvertible {
    /// The type that was asked for.
    public var expected: String
    /// The trait that provides it.
    public var trait: String

    /// Which trait to add.
    public var description: String {
        "No \(expected) for this task: add @Test(\(trait)) or @Suite(\(trait)) to the test or its suite."
    }
}
