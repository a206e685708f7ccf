import Foundation
import NIOSSL
import PostgresNIO

/// Where a fleet's PostgreSQL is: a libpq-style URL,
/// `postgres://user:password@host:port/database?sslmode=verify-full&sslrootcert=ca.pem`.
///
/// Its password is never printed: ``redacted`` is what logs and `serve`'s output show.
public struct FleetDatabaseURL: Sendable, CustomStringConvertible {
    /// libpq's `sslmode`s, as PostgreSQL documents them.
    public enum SSLMode: String, Sendable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, unverified (libpq's default).
        case prefer
        /// TLS always, unverified.
        case require
        /// TLS always, the server's certificate checked against the CA (not its name).
        case verifyCA = "verify-ca"
        /// TLS always, the certificate checked against the CA and the host name.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// Its port; 5432 when the URL names none.
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// Its password, if the URL has one; never printed.
    public var password: String?
    /// The database; the role's own when nil.
    public var database: String?
    /// How TLS is used (`sslmode`); `prefer` when the URL names none, as in libpq.
    public var sslMode: SSLMode
    /// PEM file of the CA that signed the server's certificate (`sslrootcert`); nil for the system's.
    public var sslRootCertificate: String?

    /// Reads a `postgres://` or `postgresql://` URL.
    /// - Throws: ``FleetError/badDatabaseURL(_:)`` saying what is wrong, without the password.
    public init(_ text: String) throws(FleetError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed),
            components.scheme == "postgres" || components.scheme == "postgresql"
        else {
            throw .badDatabaseURL("expected postgres://user:password@host:port/database")
        }
        guard let host = components.host, !host.isEmpty else { throw .badDatabaseURL("no host") }
        guard let user = components.user, !user.isEmpty else { throw .badDatabaseURL("no user name") }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? nil : path
        var mode = SSLMode.prefer
        var rootCertificate: String?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let parsed = SSLMode(rawValue: value) else {
                    let known = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .badDatabaseURL("sslmode must be one of \(known)")
                }
                mode = parsed
            case "sslrootcert":
                rootCertificate = item.value
            default:
                throw .badDatabaseURL("unknown parameter \(item.name) (known: sslmode, sslrootcert)")
            }
        }
        self.sslMode = mode
        self.sslRootCertificate = rootCertificate
    }

    /// The URL with its password masked, for logs and output.
    public var redacted: String {
        let credentials = password == nil ? username : "\(username):****"
        let name = database.map { "/\($0)" } ?? ""
        return "postgres://\(credentials)@\(host):\(port)\(name)?sslmode=\(sslMode.rawValue)"
    }

    /// ``redacted``: a URL printed by accident shows no password either.
    public var description: String { redacted }

    /// The pool's configuration: TLS as `sslmode` says.
    func clientConfiguration(minimumConnections: Int, maximumConnections: Int) throws
        -> PostgresClient.Configuration
    {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: try tls())
        configuration.options.maximumConnections = max(2, maximumConnections)
        configuration.options.minimumConnections = min(max(0, minimumConnections), max(2, maximumConnections))
        configuration.options.connectTimeout = .seconds(2)
        return configuration
    }

    private func tls() throws -> PostgresClient.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let sslRootCertificate {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(sslRootCertificate))
        }
        switch sslMode {
        case .disable:
            return .disable
        case .prefer:
            configuration.certificateVerification = .none
            return .prefer(configuration)
        case .require:
            configuration.certificateVerification = .none
            return .require(configuration)
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
            return .require(configuration)
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
            return .require(configuration)
        }
    }
}
