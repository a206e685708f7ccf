/// A certificate or key file that could not be used, naming the file and what is wrong with it.
public struct TLSFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user gave it.
    public let path: String
    /// What is wrong, in a few words: "cannot be read", "holds no PEM certificate", …
    public let problem: String

    /// A problem with the file at `path`.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
