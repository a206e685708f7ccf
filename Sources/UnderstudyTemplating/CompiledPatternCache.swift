import Foundation
import Synchronization
import UnderstudyJSON
import UnderstudyXML

/// Compiled regexes, JSONPaths and XPaths that helpers receive as text, kept so a template
/// rendered per request compiles each pattern once. Bounded: emptied when full.
final class CompiledPatternCache<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: Value]>([:])
    private let capacity: Int

    init(capacity: Int = 512) { self.capacity = capacity }

    /// The compiled value for `key`, compiling it on a miss; nil when it does not compile.
    func value(for key: String, compile: (String) -> Value?) -> Value? {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        guard let compiled = compile(key) else { return nil }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = compiled
        }
        return compiled
    }
}

enum PatternCaches {
    static let regex = CompiledPatternCache<NSRegularExpression>()
    static let jsonPath = CompiledPatternCache<JSONPath>()
    static let xPath = CompiledPatternCache<XPathQuery>()
    static let dateFormats = CompiledPatternCache<JavaDateFormatPatternBox>()
}

/// A sendable holder for a compiled date pattern.
struct JavaDateFormatPatternBox: Sendable {
    let pieces: JavaDateFormatPattern
}
