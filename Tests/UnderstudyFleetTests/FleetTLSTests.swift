import Foundation
import Logging
import Testing
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyFleet

/// TLS to the database as libpq's `sslmode` says, against a PostgreSQL that takes TLS with a
/// certificate from a CA of its own (Scripts/lib/postgres.sh; `UNDERSTUDY_FLEET_DATABASE_CA`
/// names the CA's PEM file).
@Suite(
    .enabled(
        if: FleetDatabase.isUsable && FleetDatabase.certificateAuthority != nil,
        "needs UNDERSTUDY_FLEET_DATABASE and UNDERSTUDY_FLEET_DATABASE_CA (Scripts/lib/postgres.sh)"))
struct FleetTLSTests {
    /// The test database's URL with another `sslmode` and CA.
    func url(sslMode: String, rootCertificate: String?) throws -> FleetDatabaseURL {
        var url = try FleetDatabaseURL(try #require(FleetDatabase.url))
        url.sslMode = try #require(FleetDatabaseURL.SSLMode(rawValue: sslMode))
        url.sslRootCertificate = rootCertificate
        return url
    }

    func join(_ url: FleetDatabaseURL, giveUpAfter limit: Duration = .seconds(30)) async throws -> FleetNode {
        var configuration = try FleetDatabase.configuration(fleet: "tls-\(UUID().uuidString.prefix(8))", node: "n0")
        configuration.database = url
        configuration.joinTimeout = limit
        let engine = StubEngine()
        var logger = Logger(label: "tls-test")
        logger.logLevel = .warning
        configuration.minimumConnections = 2
        return try await FleetNode.join(
            configuration, engine: engine, admin: WireMockAdminAPI(engine: engine), logger: logger)
    }

    @Test func verifyFullWithTheDatabasesCAJoins() async throws {
        let node = try await join(try url(sslMode: "verify-full", rootCertificate: FleetDatabase.certificateAuthority))
        await node.leave()
    }

    /// The system's trust store does not know the test CA: verification must fail, and say so.
    @Test func verifyFullWithoutTheCAIsRefused() async throws {
        await #expect(throws: FleetError.self) {
            let node = try await join(try url(sslMode: "verify-full", rootCertificate: nil), giveUpAfter: .seconds(3))
            await node.leave()
        }
    }

    @Test func requireWithoutVerificationJoins() async throws {
        let node = try await join(try url(sslMode: "require", rootCertificate: nil))
        await node.leave()
    }
}
