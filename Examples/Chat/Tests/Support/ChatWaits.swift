/// How long the Chat stories wait for a state before failing: generous, as `eventually` returns the
/// moment the state is reached. Five seconds ran out under ThreadSanitizer with the whole suite on
/// 2 cores (a welcome that arrives in 0.1 s alone).
enum ChatWaits {
    static let timeout: Duration = .seconds(30)
}
