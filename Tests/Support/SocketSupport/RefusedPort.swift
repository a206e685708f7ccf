import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that refuses connections for as long as this value lives.
///
/// A stopped server's port is not a refused upstream: a test running in parallel can bind it in
/// the meantime and answer, and the stray request then lands in that test's journal. This holds a
/// TCP socket bound to the port without listening, so the kernel answers every connect with a
/// reset, and no other socket (ours set `SO_REUSEADDR`, this one does not) can bind the port
/// until it is released.
public final class RefusedPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    /// Holds a free port the kernel picks.
    public convenience init() throws { try self.init(binding: 0) }

    /// Holds `port` itself, for a test that must send to a server it just stopped.
    ///
    /// Throws `EADDRINUSE` while anything is bound there: the server that was stopped (so it has
    /// not let go), or a socket left in `TIME_WAIT` by a connection the server closed, which this
    /// reservation cannot step over without letting other servers bind beside it.
    public convenience init(reserving port: Int) throws { try self.init(binding: port) }

    private init(binding requested: Int) throws {
        let descriptor = try Socket.make()
        do {
            self.port = try Socket.bind(descriptor, port: requested)
            self.descriptor = descriptor
        } catch {
            _ = close(descriptor)
            throw error
        }
    }

    /// `http://127.0.0.1:<port>`, with nothing that will ever answer there.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit { _ = close(descriptor) }
}

/// Asks the kernel whether anything listens on a loopback port, without connecting to it (a
/// connect could reach a server another test started on the port since).
public enum ListeningProbe {
    /// True when a socket with `SO_REUSEADDR` (as servers set it) can listen on `port`: nothing
    /// listens there. Connections the server closed, left in `TIME_WAIT`, do not count.
    public static func nothingListens(on port: Int) throws -> Bool {
        let descriptor = try Socket.make()
        defer { _ = close(descriptor) }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        do {
            _ = try Socket.bind(descriptor, port: port)
        } catch let error as POSIXError where error.code == .EADDRINUSE {
            return false
        }
        guard listen(descriptor, 1) == 0 else {
            if errno == EADDRINUSE { return false }
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return true
    }
}

/// The few socket calls the two above share.
enum Socket {
    static func make() throws -> Int32 {
        #if canImport(Glibc) || canImport(Musl)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// Binds to 127.0.0.1:`port` (0 for any) and returns the port bound.
    static func bind(_ descriptor: Int32, port: Int) throws -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #elseif canImport(Musl)
                    Musl.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
