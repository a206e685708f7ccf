import Testing
import UnderstudyCore
import UnderstudyFleet

/// The database URL as libpq reads it, never printed with its password; no database needed.
@Suite struct FleetConfigurationTests {
    @Test func aURLIsReadWithItsSSLMode() throws {
        let url = try FleetDatabaseURL("postgresql://fleet:s%40cret@db.internal:6543/stubs?sslmode=verify-full")
        #expect(url.host == "db.internal")
        #expect(url.port == 6543)
        #expect(url.username == "fleet")
        #expect(url.password == "s@cret")
        #expect(url.database == "stubs")
        #expect(url.sslMode == .verifyFull)
    }

    @Test func thePasswordIsNeverPrinted() throws {
        let url = try FleetDatabaseURL("postgres://fleet:hunter2@localhost/stubs")
        #expect(url.redacted == "postgres://fleet:****@localhost:5432/stubs?sslmode=prefer")
        #expect(!"\(url)".contains("hunter2"))
        #expect(url.sslMode == .prefer)
    }

    @Test(arguments: [
        ("mysql://a@b/c", "expected postgres://"),
        ("postgres://host/db", "no user name"),
        ("postgres://u:p@host/db?sslmode=sometimes", "sslmode must be one of"),
        ("postgres://u:p@host/db?pool=9", "unknown parameter pool")
    ])
    func aBadURLSaysWhatIsWrongWithoutThePassword(text: String, reason: String) {
        #expect {
            try FleetDatabaseURL(text)
        } throws: { error in
            let said = "\(error)"
            return said.contains(reason) && !said.contains(":p@")
        }
    }
}
