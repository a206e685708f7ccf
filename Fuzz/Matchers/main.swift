// libFuzzer target: the body matchers. The first byte picks the matcher; the rest is split at
// the first NUL into the pattern and the value it is matched against (and measured against,
// for near misses). Built only by Scripts/fuzz.sh; otherwise an empty program.
#if FUZZING
    import Foundation
    import FuzzSupport
    @testable import UnderstudyCore
    import UnderstudyJSON

    /// The operators under test, as they appear in a mapping's `bodyPatterns`.
    enum FuzzedOperators {
        static let names = [
            "equalToJson", "matchesJsonPath", "matchesXPath", "equalToXml", "matches", "matchesJsonSchema",
            "equalToDateTime",
            "equalToJsonIgnoringOrder"
        ]
    }

    runFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) }

    /// libFuzzer's name for the function it calls with each input.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C symbol libFuzzer looks for.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzMatchers(UnsafeBufferPointer(start: data, count: size))
    }

    func fuzzMatchers(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        guard let selector = input.first else { return 0 }
        let rest = input.dropFirst()
        let split = rest.firstIndex(of: 0) ?? rest.endIndex
        let pattern = String(decoding: rest[..<split], as: UTF8.self)
        let value = String(decoding: rest[split...].dropFirst(), as: UTF8.self)
        let name = FuzzedOperators.names[Int(selector) % FuzzedOperators.names.count]
        let json: JSONValue
        switch name {
        case "equalToJsonIgnoringOrder":
            json = ["equalToJson": .string(pattern), "ignoreArrayOrder": true, "ignoreExtraElements": true]
        default:
            json = [name: .string(pattern)]
        }
        guard let matcher = try? StringValuePatternDecoder.decode(json, at: "/bodyPatterns/0") else { return 0 }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        _ = matcher.matches(value, now: now)
        let distance = matcher.distance(value, now: now)
        if !(0...1).contains(distance) {
            fuzzFailure("\(name) distance \(distance) outside 0...1")
        }
        return 0
    }
#endif
