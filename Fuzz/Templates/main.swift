// libFuzzer target: the response template engine. The input is template text, a NUL, then a
// request body. The template renders against a request carrying that body (so `jsonPath`,
// `parseJson`, `xPath` and `formData` read fuzzed documents) and, when the body is JSON, against
// it as the context. No crash, and the output stays within the renderer's limit.
// Built only by Scripts/fuzz.sh; otherwise an empty program.
#if FUZZING
    import Foundation
    import FuzzSupport
    @testable import UnderstudyCore
    import UnderstudyJSON
    @testable import UnderstudyTemplating

    runFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) }

    /// libFuzzer's name for the function it calls with each input.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C symbol libFuzzer looks for.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzTemplates(UnsafeBufferPointer(start: data, count: size))
    }

    /// A fixed clock, so a crash replays the same way. A static, not a top-level `let`: `runFuzzer`
    /// never returns, so top-level code after it never runs.
    enum FuzzClock {
        static let now = Date(timeIntervalSince1970: 1_700_000_000)
    }

    func fuzzTemplates(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        let split = input.firstIndex(of: 0) ?? input.endIndex
        let source = String(decoding: input[..<split], as: UTF8.self)
        let body = Data(input[split...].dropFirst())
        guard let template = try? Template(source) else { return 0 }
        let request = LoggedRequest(
            method: "POST", url: "/things/42/parts?id=7&tag=a&tag=b",
            headers: ["Content-Type": "application/json", "Cookie": "session=abc; theme=dark", "X-Id": "42"],
            body: body)
        check(try? template.render(request, now: FuzzClock.now), source)
        if let json = try? JSONParser.parse(body) {
            check(try? template.render(context: json, now: FuzzClock.now), source)
        }
        return 0
    }

    func check(_ output: String?, _ source: String) {
        guard let output else { return }
        if output.utf8.count > TemplateRenderLimits.standard.outputBytes {
            fuzzFailure("\(output.utf8.count) bytes of output from \(source)")
        }
    }
#endif
