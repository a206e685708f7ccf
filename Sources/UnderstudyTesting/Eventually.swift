import Foundation
import Observation
import Testing

/// Waits until `condition` holds, for app state that changes after a response arrives (a view
/// model's flag, a delegate's record); records an issue at the caller if `timeout` passes
/// first, and returns whether it held.
///
/// Event-driven where it can be: the condition runs under Observation tracking, so for state in
/// an `@Observable` type it is checked again the moment a property it read changes. State that
/// Observation cannot see is checked again after a short pause that grows from 1 ms to 50 ms.
///
/// ```swift
/// await eventually("the model shows the posted status") { model.lastPosted == "hi" }
/// ```
@discardableResult
public func eventually(
    _ description: String? = nil, timeout: Duration = .seconds(5), isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = Duration.milliseconds(1)
    while true {
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let holds = withObservationTracking(condition, onChange: { continuation.yield() })
        if holds { return true }
        let now = clock.now
        guard now < deadline else { break }
        await ChangeWait.first(of: changes, orAfter: min(pause, deadline - now))
        continuation.finish()
        pause = min(pause * 2, .milliseconds(50))
    }
    let what = description.map { "“\($0)”" } ?? "The condition"
    Issue.record(Comment(rawValue: "\(what) did not become true within \(timeout)."), sourceLocation: sourceLocation)
    return false
}

/// Returns on the first observed change, or once `limit` has passed.
enum ChangeWait {
    static func first(of changes: AsyncStream<Void>, orAfter limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { return }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
            }
            await group.next()
            group.cancelAll()
        }
    }
}
