import CSpawnShim
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests start (curl, openssl, java, the built `understudy`), spawned with
/// `posix_spawn` rather than Foundation's `Process`.
///
/// Why not `Process`: on Linux, swift-corelibs-foundation's `Process.run()` (Swift 6.3.1 included)
/// copies 256 bytes out of every `/proc/self/fd` directory entry, reading past glibc's buffer, and
/// now and then crashes the whole test run with SIGSEGV (swift-corelibs-foundation PR #5472). Here the
/// child closes every inherited descriptor with glibc's `closefrom` file action instead of a list.
public final class ChildProcess: Sendable {
    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        case null
        /// A pipe whose writing end is ``standardInput``.
        case pipe
    }

    /// Where the child's standard output or error goes.
    public enum Output: Sendable {
        case null
        /// A pipe whose reading end is ``standardOutput`` or ``standardError``.
        case pipe
        /// A file, created or truncated.
        case file(String)
    }

    public let processIdentifier: pid_t
    /// The writing end of the child's standard input, when started with `.pipe`.
    public let standardInput: FileHandle?
    /// The reading end of the child's standard output, when started with `.pipe`.
    public let standardOutput: FileHandle?
    /// The reading end of the child's standard error, when started with `.pipe`.
    public let standardError: FileHandle?
    private let exit = ExitWatch()

    /// Starts `executable` (a full path) with `arguments`.
    /// - Parameter environment: the child's whole environment; nil passes this process's own.
    /// - Parameter directory: the child's working directory; nil keeps this process's own.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, standardInput: Input = .null, standardOutput: Output = .pipe,
        standardError: Output = .pipe
    ) throws {
        var parentEnds: [FileHandle?] = []
        var childEnds: [Int32] = []
        defer { for descriptor in childEnds { close(descriptor) } }

        func open(_ input: Input) throws -> Int32 {
            switch input {
            case .null: return try Self.openFile("/dev/null", O_RDONLY)
            case .pipe:
                let (reading, writing) = try Self.makePipe()
                parentEnds.append(FileHandle(fileDescriptor: writing, closeOnDealloc: true))
                return reading
            }
        }
        func open(_ output: Output) throws -> Int32 {
            switch output {
            case .null: return try Self.openFile("/dev/null", O_WRONLY)
            case .file(let path): return try Self.openFile(path, O_WRONLY | O_CREAT | O_TRUNC)
            case .pipe:
                let (reading, writing) = try Self.makePipe()
                parentEnds.append(FileHandle(fileDescriptor: reading, closeOnDealloc: true))
                return writing
            }
        }
        let inputEnd = try open(standardInput)
        childEnds.append(inputEnd)
        let inputHandle = parentEnds.popLast() ?? nil
        let outputEnd = try open(standardOutput)
        childEnds.append(outputEnd)
        let outputHandle = parentEnds.popLast() ?? nil
        let errorEnd = try open(standardError)
        childEnds.append(errorEnd)
        let errorHandle = parentEnds.popLast() ?? nil

        var actions = posix_spawn_file_actions_t()
        try Self.check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try Self.check(posix_spawn_file_actions_adddup2(&actions, inputEnd, 0), "dup2 stdin")
        try Self.check(posix_spawn_file_actions_adddup2(&actions, outputEnd, 1), "dup2 stdout")
        try Self.check(posix_spawn_file_actions_adddup2(&actions, errorEnd, 2), "dup2 stderr")
        // Sockets and pipes of other tests running in parallel must not leak into the child.
        try Self.check(understudy_spawn_add_closefrom(&actions, 3), "closefrom")
        if let directory {
            try Self.check(understudy_spawn_add_chdir(&actions, directory), "chdir \(directory)")
        }

        var attributes = posix_spawnattr_t()
        try Self.check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (a ^C in the terminal goes to the test run, not to its children),
        // no blocked signals, and the default action for the signals the tests send or NIO ignores.
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP] { sigaddset(&defaults, signal) }
        try Self.check(posix_spawnattr_setsigmask(&attributes, &none), "setsigmask")
        try Self.check(posix_spawnattr_setsigdefault(&attributes, &defaults), "setsigdefault")
        try Self.check(
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
            "setflags")

        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(
            (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        guard spawned == 0 else {
            throw ChildProcessError(operation: "spawn \(executable)", code: spawned)
        }
        processIdentifier = pid
        self.standardInput = inputHandle
        self.standardOutput = outputHandle
        self.standardError = errorHandle
        exit.watch(pid)
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool { exit.status == nil }

    /// Sends `signal` to a child that is still running.
    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// SIGTERM, when the child is still running.
    public func terminate() { send(SIGTERM) }

    /// The exit status (or, for a child killed by a signal, the signal's number, as `Process`
    /// reports it), once the child has exited. Waits on a thread of its own, not the cooperative pool.
    public func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            exit.onExit { continuation.resume(returning: $0) }
        }
    }

    private static func makePipe() throws -> (reading: Int32, writing: Int32) {
        var ends: [Int32] = [0, 0]
        guard understudy_pipe_cloexec(&ends) == 0 else { throw ChildProcessError(operation: "pipe", code: errno) }
        return (ends[0], ends[1])
    }

    private static func openFile(_ path: String, _ flags: Int32) throws -> Int32 {
        let descriptor = Glibc.open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ChildProcessError(operation: "open \(path)", code: errno) }
        return descriptor
    }

    private static func check(_ result: Int32, _ operation: String) throws {
        guard result == 0 else { throw ChildProcessError(operation: operation, code: result) }
    }
}

/// A failed system call while starting a child, with its errno.
public struct ChildProcessError: Error, CustomStringConvertible {
    public var operation: String
    public var code: Int32
    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
