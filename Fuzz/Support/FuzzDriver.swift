#if FUZZING
    import Foundation

    /// One fuzz input: libFuzzer's callback shape.
    public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// libFuzzer's entry for programs that have their own `main` (SwiftPM gives every executable
    /// target one, so libFuzzer's own `main` is never linked in).
    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ target: FuzzTarget
    ) -> CInt

    /// Hands the command line to libFuzzer and exits with its status.
    public func runFuzzer(_ target: FuzzTarget) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(llvmFuzzerRunDriver(&argc, &argv, target))
    }

    /// Stops the run with a message so libFuzzer saves the input that broke an invariant.
    public func fuzzFailure(_ message: String) -> Never {
        FileHandle.standardError.write(Data("FUZZ FAILURE: \(message)\n".utf8))
        abort()
    }
#endif
