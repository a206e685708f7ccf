import Testing

@testable import UnderstudyServer

/// The one routing decision every path of the server asks, checked without a channel.
@Suite struct RequestRouteTests {
    @Test(arguments: ["/__admin", "/__admin/", "/__admin/mappings", "/__admin?x=1", "/__admin/requests/count"])
    func theAdminAPIsPaths(target: String) {
        #expect(RequestRoute(target: target, isOffline: false) == .admin)
    }

    @Test(arguments: ["/__understudy", "/__understudy/", "/__understudy/events", "/__understudy?token=t"])
    func theDashboardsPaths(target: String) {
        #expect(RequestRoute(target: target, isOffline: false) == .dashboard)
    }

    /// A stub may serve a path that only starts like ours.
    @Test(arguments: ["/", "/__adminx", "/__admins/1", "/__understudyx", "/api/__admin", "/x?/__admin", ""])
    func everythingElseGoesToTheEngine(target: String) {
        #expect(RequestRoute(target: target, isOffline: false) == .engine)
    }

    /// Offline, no request is answered: not a stub's, not the admin API's, not the dashboard's.
    @Test(arguments: ["/api/users", "/__admin/mappings", "/__understudy/"])
    func offlineWinsOverEveryRoute(target: String) {
        #expect(RequestRoute(target: target, isOffline: true) == .offline)
    }
}
