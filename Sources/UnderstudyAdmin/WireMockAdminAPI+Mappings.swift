import Foundation
import UnderstudyCore

/// `/__admin/mappings`: listing, creating, reading, replacing and deleting single stubs.
extension WireMockAdminAPI {
    static func addMappingRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "") { try $0.listMappings($1) }
        router.add("GET", "mappings") { try $0.listMappings($1) }
        router.add("POST", "mappings") { try $0.createMapping($1) }
        router.add("DELETE", "mappings") { api, _ in api.deleteAllMappings() }
        router.add("GET", "mappings/{id}") { try $0.getMapping($1) }
        router.add("PUT", "mappings/{id}") { try $0.updateMapping($1, id: try $1.uuid()) }
        router.add("DELETE", "mappings/{id}") { try $0.deleteMapping($1) }
        router.add("POST", "mappings/edit") { try $0.editMapping($1) }
        addMappingBulkRoutes(to: &router)
    }

    /// Match order: priority ascending, then newest first. `total` counts every stub.
    func listMappings(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let offset = try call.count("offset") ?? 0
        let limit = try call.count("limit")
        let all = engine.store.stubs
        let page = all.dropFirst(offset).prefix(limit ?? all.count)
        return Self.mappingList(Array(page), total: all.count)
    }

    func createMapping(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let stub = try call.decode(StubMapping.init(json:))
        do {
            try engine.store.add(stub)
        } catch {
            throw .invalid(error)
        }
        do {
            try writeIfPersistent(stub)
        } catch {
            // A stub that could not be saved as asked is not kept either.
            engine.store.remove(id: stub.id)
            throw error
        }
        return .json(stub.json, status: 201)
    }

    func getMapping(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let id = try call.uuid()
        guard let stub = engine.store.stub(id: id) else { throw Self.noStub(id) }
        return .json(stub.json)
    }

    /// Replaces a stub in place; the id in the path wins over any id in the body.
    func updateMapping(_ call: AdminCall, id: UUID) throws(AdminFailure) -> AdminResponse {
        guard case .object(var object) = try call.json() else {
            throw .invalid(
                MappingError(pointer: "", title: "Error parsing JSON", detail: "Expected a stub mapping object"))
        }
        object["id"] = nil
        object["uuid"] = nil
        var stub: StubMapping
        do {
            stub = try StubMapping(json: .object(object))
        } catch {
            throw .invalid(error)
        }
        stub.id = id
        guard let existing = engine.store.storedStub(id: id) else { throw Self.noStub(id) }
        if stub.persistent == true, existing.origin.isMultiMappingFile { throw .readOnly("saved") }
        engine.store.replace(stub)
        do {
            try writeIfPersistent(stub)
        } catch {
            engine.store.replace(existing.stub)
            throw error
        }
        return .json(stub.json)
    }

    /// The 2.x route: the stub's own id says which one to replace.
    func editMapping(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let body = try call.json()
        guard let text = body["id"]?.stringValue ?? body["uuid"]?.stringValue, let id = UUID(uuidString: text) else {
            throw .invalid(MappingError(pointer: "/id", title: "A stub to edit needs its id"))
        }
        return try updateMapping(call, id: id)
    }

    func deleteMapping(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let id = try call.uuid()
        guard let existing = engine.store.storedStub(id: id) else { throw Self.noStub(id) }
        if existing.origin.isMultiMappingFile { throw .readOnly("removed") }
        engine.store.remove(id: id)
        forgetFile(of: existing.stub)
        return Self.ok
    }

    /// Removes every stub and scenario and the files of persistent stubs; keeps the journal.
    func deleteAllMappings() -> AdminResponse {
        let removed = engine.store.storedStubs
        engine.store.removeAll()
        for entry in removed where !entry.origin.isMultiMappingFile { forgetFile(of: entry.stub) }
        return Self.ok
    }

    static func noStub(_ id: UUID) -> AdminFailure {
        .notFound("No stub mapping with id \(id.lowercasedString)")
    }

    // MARK: Files

    /// Writes a persistent stub to `mappings/`; stubs from multi-mapping files stay as they are.
    func writeIfPersistent(_ stub: StubMapping) throws(AdminFailure) {
        guard stub.persistent == true, let persistence else { return }
        if engine.store.storedStub(id: stub.id)?.origin.isMultiMappingFile == true { return }
        try persistence.write(stub)
    }

    /// Deletes the file of a persistent stub that has just been removed.
    func forgetFile(of stub: StubMapping) {
        guard stub.persistent == true else { return }
        persistence?.remove(stub.id)
    }
}

extension StubOrigin {
    var isMultiMappingFile: Bool {
        if case .multiMappingFile = self { return true }
        return false
    }
}
