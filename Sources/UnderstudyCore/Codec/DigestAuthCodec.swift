import UnderstudyJSON

/// Decodes and encodes `digestAuthCredentials` (request) and `digestChallenge` (response). Our own
/// extensions, so unknown keys are errors: a misspelt `algorithm` would otherwise go unnoticed.
enum DigestAuthCodec {
    static func credentials(_ value: JSONValue, at pointer: String) throws(MappingError) -> DigestCredentials {
        let reader = try FieldReader(value, at: pointer)
        try ServerSentEventsCodec.refuseUnknownKeys(
            reader, allowed: ["username", "password", "realm"], in: "digestAuthCredentials")
        guard let username = try reader.string("username"), let password = try reader.string("password") else {
            throw .invalid(pointer, "digestAuthCredentials needs a username and a password")
        }
        return DigestCredentials(username: username, password: password, realm: try reader.string("realm"))
    }

    static func challenge(_ value: JSONValue, at pointer: String) throws(MappingError) -> DigestChallenge {
        let reader = try FieldReader(value, at: pointer)
        try ServerSentEventsCodec.refuseUnknownKeys(
            reader, allowed: ["realm", "algorithms", "qop", "opaque"], in: "digestChallenge")
        guard let realm = try reader.string("realm") else {
            throw .invalid(pointer, "digestChallenge needs a realm")
        }
        var challenge = DigestChallenge(realm: realm, opaque: try reader.string("opaque"))
        if let names = try reader.array("algorithms") {
            challenge.algorithms = []
            for (i, name) in names.enumerated() {
                let at = UnderstudyCore.pointer(reader.path("algorithms"), i)
                guard case .string(let text) = name, let algorithm = DigestAlgorithm(name: text) else {
                    let known = DigestAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .invalid(at, "unknown Digest algorithm; use one of \(known)")
                }
                challenge.algorithms.append(algorithm)
            }
            guard !challenge.algorithms.isEmpty else {
                throw .invalid(reader.path("algorithms"), "digestChallenge needs at least one algorithm")
            }
        }
        if let qops = try reader.array("qop") {
            challenge.qop = []
            for (i, qop) in qops.enumerated() {
                guard case .string(let text) = qop, text == "auth" || text == "auth-int" else {
                    throw .invalid(UnderstudyCore.pointer(reader.path("qop"), i), "qop is auth or auth-int")
                }
                challenge.qop.append(text)
            }
            guard !challenge.qop.isEmpty else { throw .invalid(reader.path("qop"), "qop needs auth or auth-int") }
        }
        return challenge
    }
}

extension DigestCredentials {
    /// The credentials as written in a mapping (`digestAuthCredentials`).
    public var json: JSONValue {
        var object: JSONObject = ["username": .string(username), "password": .string(password)]
        if let realm { object["realm"] = .string(realm) }
        return .object(object)
    }
}

extension DigestChallenge {
    /// Defaults are written out, so the file says what the client will see.
    public var json: JSONValue {
        var object: JSONObject = [
            "realm": .string(realm), "algorithms": .array(algorithms.map { .string($0.rawValue) }),
            "qop": .array(qop.map { .string($0) })
        ]
        if let opaque { object["opaque"] = .string(opaque) }
        return .object(object)
    }
}
