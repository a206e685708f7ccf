import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/mappings/…`: the routes that act on many stubs at once.
extension WireMockAdminAPI {
    static func addMappingBulkRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("POST", "mappings/remove") { try $0.removeMappings($1) }
        router.add("POST", "mappings/reset") { api, _ throws(AdminFailure) in
            try api.resetToDefaults(clearJournal: true)
            return WireMockAdminAPI.ok
        }
        router.add("POST", "mappings/save") { api, _ throws(AdminFailure) in try api.saveMappings() }
        router.add("POST", "mappings/import") { try $0.importMappings($1) }
        router.add("POST", "mappings/find-by-metadata") { try $0.findByMetadata($1) }
        router.add("POST", "mappings/remove-by-metadata") { try $0.removeByMetadata($1) }
        router.add("GET", "mappings/unmatched") { api, _ in WireMockAdminAPI.mappingList(api.unhitStubs()) }
        router.add("DELETE", "mappings/unmatched") { api, _ in api.removeUnhitStubs() }
    }

    /// Each stub given is found by id, or else as the first stub with an equal request.
    func removeMappings(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let body = try call.json()
        let stubs: [StubMapping]
        if let list = body["mappings"]?.arrayValue {
            stubs = try Self.decodeStubs(list, at: "/mappings")
        } else {
            stubs = try Self.decodeStubs([body], at: nil)
        }
        let ordered = engine.store.storedStubs
        var targets: [StoredStub] = []
        for stub in stubs {
            let target = engine.store.storedStub(id: stub.id) ?? ordered.first { $0.stub.request == stub.request }
            guard let target, !targets.contains(where: { $0.stub.id == target.stub.id }) else { continue }
            targets.append(target)
        }
        // Refuse before changing anything.
        if targets.contains(where: { $0.origin.isMultiMappingFile }) { throw .readOnly("removed") }
        for target in targets {
            engine.store.remove(id: target.stub.id)
            forgetFile(of: target.stub)
        }
        return Self.ok
    }

    /// Stubs back to what `mappings/` holds, scenarios back to the start; optionally an empty journal.
    func resetToDefaults(clearJournal: Bool) throws(AdminFailure) {
        let contents = mappings.map { StubFolderContents($0, policy: .lenient) }
        // What WireMock would load is served; a file or stub left out is reported.
        var errors = (contents?.errors ?? []) + (contents?.stubs.skipped ?? [])
        do {
            try engine.serve(contents, clearingJournals: clearJournal)
        } catch {
            errors.append(error)
        }
        persistence?.adopt(engine.store.storedStubs)
        guard errors.isEmpty else {
            // What loaded is served; what did not is reported with its file.
            throw AdminFailure(
                status: 422,
                errors.map { error in
                    var located = error
                    located.detail = error.description
                    return located
                })
        }
    }

    /// Marks every stub persistent and writes each one not from a multi-mapping file.
    func saveMappings() throws(AdminFailure) -> AdminResponse {
        for entry in engine.store.storedStubs where !entry.origin.isMultiMappingFile {
            var stub = entry.stub
            if stub.persistent != true {
                stub.persistent = true
                engine.store.replace(stub)
            }
            if let persistence { try persistence.write(stub) }
        }
        return Self.ok
    }

    /// `{"mappings":[…],"importOptions":{"duplicatePolicy":"OVERWRITE"|"IGNORE","deleteAllNotInImport":b}}`.
    /// The first listed stub wins among equal priorities.
    func importMappings(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let body = try call.json()
        guard case .object(let object) = body else {
            throw .invalid(
                MappingError(pointer: "", title: "Error parsing JSON", detail: "Expected an object with \"mappings\""))
        }
        var list: [JSONValue] = []
        if let mappings = object["mappings"], !mappings.isNull {
            guard let items = mappings.arrayValue else {
                throw .invalid(
                    MappingError(
                        pointer: "/mappings", title: "Error parsing JSON", detail: "Expected an array of stub mappings")
                )
            }
            list = items
        }
        let stubs = try Self.decodeStubs(list, at: "/mappings")
        let options = object["importOptions"]
        let policy = options?["duplicatePolicy"]?.stringValue ?? "OVERWRITE"
        guard policy == "OVERWRITE" || policy == "IGNORE" else {
            throw .invalid(
                MappingError(
                    pointer: "/importOptions/duplicatePolicy", title: "Error parsing JSON",
                    detail: "\(policy) is not OVERWRITE or IGNORE"))
        }
        let overwrite = policy == "OVERWRITE"
        if options?["deleteAllNotInImport"]?.boolValue == true {
            let keep = Set(stubs.map(\.id))
            for stub in engine.store.removeAll(where: { !keep.contains($0.id) }) { forgetFile(of: stub) }
        }
        let before = Set(engine.store.storedStubs.map(\.stub.id))
        engine.store.importStubs(stubs, replacingExisting: overwrite)
        for stub in stubs where overwrite || !before.contains(stub.id) {
            try writeIfPersistent(stub)
        }
        return Self.ok
    }

    func findByMetadata(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(StringValuePattern.init(json:))
        return Self.mappingList(engine.store.stubs.filter { Self.metadata(of: $0, matches: pattern) })
    }

    func removeByMetadata(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(StringValuePattern.init(json:))
        for stub in engine.store.removeAll(where: { Self.metadata(of: $0, matches: pattern) }) { forgetFile(of: stub) }
        return Self.ok
    }

    /// WireMock matches the metadata object written out as JSON; stubs without metadata never match.
    static func metadata(of stub: StubMapping, matches pattern: StringValuePattern) -> Bool {
        guard let metadata = stub.metadata else { return false }
        return pattern.matches(JSONWriter.string(.object(metadata)))
    }

    /// Stubs that no request in the journal was served by, in match order.
    func unhitStubs() -> [StubMapping] {
        let hit = Set(engine.journal.events.compactMap { $0.stub?.id })
        return engine.store.stubs.filter { !hit.contains($0.id) }
    }

    /// Removes the stubs nobody hit and lists them, in the order they were matched.
    func removeUnhitStubs() -> AdminResponse {
        let doomed = unhitStubs()
        let ids = Set(doomed.map(\.id))
        let removed = Set(engine.store.removeAll { ids.contains($0.id) }.map(\.id))
        let gone = doomed.filter { removed.contains($0.id) }
        for stub in gone { forgetFile(of: stub) }
        return Self.mappingList(gone)
    }

    /// Decodes a list of stubs; a bad one is a 422 naming its place in the list, and nothing changes.
    static func decodeStubs(_ items: [JSONValue], at base: String?) throws(AdminFailure) -> [StubMapping] {
        var stubs: [StubMapping] = []
        for (index, item) in items.enumerated() {
            do {
                stubs.append(try StubMapping(json: item))
            } catch {
                var located = error
                if let base { located.pointer = "\(base)/\(index)" + (error.pointer ?? "") }
                throw .invalid(located)
            }
        }
        return stubs
    }
}
