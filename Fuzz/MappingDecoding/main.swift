// libFuzzer target: WireMock mapping JSON → StubMapping → JSON → StubMapping.
// Built only by Scripts/fuzz.sh (-DFUZZING); otherwise an empty program.
#if FUZZING
    import Foundation
    import FuzzSupport
    import UnderstudyCore
    import UnderstudyJSON

    runFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) }

    /// libFuzzer's name for the function it calls with each input.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C symbol libFuzzer looks for.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzMappingDecoding(UnsafeBufferPointer(start: data, count: size))
    }

    func fuzzMappingDecoding(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        let text = String(decoding: input, as: UTF8.self)
        guard let stub = try? StubMapping(jsonText: text) else { return 0 }
        // What we write back must read back, and say the same thing the second time round.
        let written = JSONWriter.data(stub.json)
        let reread: StubMapping
        do {
            reread = try StubMapping(jsonText: String(decoding: written, as: UTF8.self))
        } catch {
            fuzzFailure("an encoded stub does not decode: \(error)\n\(String(decoding: written, as: UTF8.self))")
        }
        if JSONWriter.data(reread.json) != written {
            fuzzFailure(
                "encoding is not stable:\n\(String(decoding: written, as: UTF8.self))\n\(String(decoding: JSONWriter.data(reread.json), as: UTF8.self))"
            )
        }
        return 0
    }

#endif
