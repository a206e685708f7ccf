import Foundation
import GRPCCore
import Synchronization
import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

/// A grpc-swift 2 `ClientTransport` that hands each call to a stub host's engine, in-process:
/// the same stubs, journal, scenarios, delays and statuses as over the server's socket, with no
/// port. Give `GRPCClient` this transport where the app's code takes one, and the test that ran
/// against a `StubServer` over `HTTP2ClientTransport` runs unchanged.
///
/// ```swift
/// let transport = try StubGRPCTransport(host, descriptors: root.appendingPathComponent("grpc"))
/// try await withGRPCClient(transport: transport) { client in … }
/// ```
///
/// Calls follow the server's rules (see the gRPC article): a unary or server-streaming call is
/// answered once its request is in, a client stream when the client closes, a bidirectional
/// call message by message, in order.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class StubGRPCTransport: ClientTransport {
    public typealias Bytes = [UInt8]

    /// The host whose engine answers the calls.
    public let host: any StubEngineHost
    private let services: GRPCServices
    private let stopped = Mutex<(done: Bool, waiters: [AsyncStream<Void>.Continuation])>((false, []))

    /// A transport into `host`, knowing the services whose descriptor sets (`*.dsc`, `*.desc`)
    /// are in `descriptors`, as a server reads its root's `grpc/`.
    /// - Throws: an error naming a file in `descriptors` that is not a descriptor set.
    public init(_ host: any StubEngineHost, descriptors: URL) throws {
        self.host = host
        services = try GRPCServices(folder: descriptors)
    }

    public var retryThrottle: RetryThrottle? { nil }

    /// Nothing to connect to: returns once ``beginGracefulShutdown()`` is called, as a transport's
    /// connection loop does.
    public func connect() async throws {
        let (signal, continuation) = AsyncStream<Void>.makeStream()
        let done = stopped.withLock { state in
            if !state.done { state.waiters.append(continuation) }
            return state.done
        }
        if done { return }
        for await _ in signal {}
    }

    public func beginGracefulShutdown() {
        let waiters = stopped.withLock { state in
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.finish() }
    }

    public func config(forMethod descriptor: MethodDescriptor) -> MethodConfig? { nil }

    public func withStream<T: Sendable>(
        descriptor: MethodDescriptor, options: CallOptions,
        _ closure: (RPCStream<Inbound, Outbound>, ClientContext) async throws -> T
    ) async throws -> T {
        let (requests, requestSink) = AsyncThrowingStream.makeStream(of: RPCRequestPart<Bytes>.self)
        let (responses, responseSink) = AsyncThrowingStream.makeStream(of: RPCResponsePart<Bytes>.self)
        let stream = RPCStream(
            descriptor: descriptor, inbound: RPCAsyncSequence(wrapping: responses),
            outbound: RPCWriter.Closable(wrapping: RequestWriter(sink: requestSink)))
        let context = ClientContext(descriptor: descriptor, remotePeer: Self.peer, localPeer: Self.peer)
        let call = InProcessGRPCCall(
            engine: host._engineAccess.engine, connectivity: host._engineAccess.connectivity,
            isOffline: { [host] in host.isOffline }, schema: services.schema,
            path: "/" + descriptor.fullyQualifiedMethod,
            responses: responseSink)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await call.serve(requests) }
            let result: T
            do { result = try await closure(stream, context) } catch {
                requestSink.finish()
                group.cancelAll()
                throw error
            }
            requestSink.finish()
            try await group.waitForAll()
            return result
        }
    }

    static let peer = "in-process:understudy"
}

/// The client's half of a call: what it writes goes to the call's request stream.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct RequestWriter: ClosableRPCWriterProtocol {
    typealias Element = RPCRequestPart<[UInt8]>
    let sink: AsyncThrowingStream<Element, any Error>.Continuation

    func write(_ element: Element) async throws { sink.yield(element) }
    func write(contentsOf elements: some Sequence<Element>) async throws {
        for element in elements { sink.yield(element) }
    }
    func finish() async { sink.finish() }
    func finish(throwing error: any Error) async { sink.finish(throwing: error) }
}
