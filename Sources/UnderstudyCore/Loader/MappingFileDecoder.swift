import Foundation
import UnderstudyJSON

/// Reads one mapping file (one stub, or `{"mappings":[…]}`) under a ``LoadPolicy``.
enum MappingFileDecoder {
    struct Outcome: Sendable {
        var stubs: [(StubMapping, StubOrigin)] = []
        var errors: [MappingError] = []
        var warnings: [MappingError] = []
        /// The warnings that left a file or stub out (the rest loaded, or loaded without matching).
        var skipped: [MappingError] = []
    }

    static func decode(atPath path: String, name: String, policy: LoadPolicy) -> Outcome {
        var outcome = Outcome()
        /// Strict: the whole file fails. Lenient: what is named is skipped with a warning.
        func problem(_ error: MappingError, skipping what: String) {
            var located = error
            located.file = name
            if policy == .strict {
                outcome.errors.append(located)
            } else {
                located.detail = "skipped \(what): \(error.detail ?? error.title)"
                outcome.warnings.append(located)
                outcome.skipped.append(located)
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            problem(
                MappingError(
                    title: "Cannot read mapping file",
                    detail: "\(path) could not be read (missing, a folder, or no permission)"),
                skipping: "the file")
            return outcome
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(data, allowing: policy == .lenient ? .wireMockFiles : [])
        } catch {
            problem(
                MappingError(pointer: "", title: "Error parsing JSON", detail: error.description), skipping: "the file")
            return outcome
        }
        if json.hasDuplicateKeys {
            for at in json.duplicateKeyPointers() {
                outcome.warnings.append(
                    MappingError(
                        pointer: at, title: "Duplicate JSON key",
                        detail: "key written more than once in its object; the last value counts, as in WireMock",
                        file: name))
            }
        }
        if case .object(let object) = json, let list = object["mappings"] {
            guard case .array(let items) = list else {
                problem(.invalid("/mappings", "Expected an array of stubs"), skipping: "the file")
                return outcome
            }
            var stubs: [(StubMapping, StubOrigin)] = []
            for (i, item) in items.enumerated() {
                switch decodeStub(item, at: "/mappings/\(i)", policy: policy) {
                case .success(let (stub, warning)):
                    stubs.append((stub, .multiMappingFile(name)))
                    if var warning {
                        warning.file = name
                        outcome.warnings.append(warning)
                    }
                case .failure(let error):
                    problem(error, skipping: "a stub")
                    // Strict: one bad stub fails the whole file, as before.
                    if policy == .strict { return Outcome(errors: outcome.errors) }
                }
            }
            outcome.stubs = stubs
            return outcome
        }
        switch decodeStub(json, at: "", policy: policy) {
        case .success(let (stub, warning)):
            outcome.stubs = [(stub, .file(name))]
            if var warning {
                warning.file = name
                outcome.warnings.append(warning)
            }
        case .failure(let error):
            problem(error, skipping: "the file")
        }
        return outcome
    }

    /// One stub; leniently, a stub whose request cannot be evaluated here loads without
    /// matching (``RequestPattern/cannotMatch``), with a warning that says why.
    static func decodeStub(_ json: JSONValue, at pointer: String, policy: LoadPolicy) -> Result<
        (StubMapping, MappingError?), MappingError
    > {
        do throws(MappingError) {
            let stub = try StubMappingDecoder.decode(json, at: pointer)
            // The GraphQL extension's older parameter loads, and says how it is read differently.
            let warning = stub.request.graphQL?.expectedJsonWarning.map {
                MappingError(
                    pointer: pointer + "/request/customMatcher/parameters/expectedJson", title: "Read differently",
                    detail: $0)
            }
            return .success((stub, warning))
        } catch {
            let requestPointer = pointer + "/request"
            guard policy == .lenient, error.isCannotEvaluate, let pointerText = error.pointer,
                pointerText.hasPrefix(requestPointer),
                case .object(var object) = json, let request = object["request"]
            else { return .failure(error) }
            object["request"] = nil
            do throws(MappingError) {
                var stub = try StubMappingDecoder.decode(.object(object), at: pointer)
                let reason = error.detail.map { "\(error.title): \($0)" } ?? error.title
                stub.request.cannotMatch = "\(reason) (at \(pointerText))"
                stub.request.originalJSON = request
                var warning = error
                warning.detail = "loads, but never matches here: \(reason)"
                return .success((stub, warning))
            } catch {
                return .failure(error)
            }
        }
    }
}
