import Foundation
import Testing

@testable import UnderstudyServer

/// The page's files are compiled in as Swift literals; these must be what the `Page` folder holds
/// (run `Scripts/dashboard-assets.sh` after editing it).
@Suite struct DashboardAssetsTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/UnderstudyServer/Dashboard/Page")

    @Test func theCompiledFilesAreThePageFolders() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.page.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names) == Set(DashboardAssets.files.keys), "run Scripts/dashboard-assets.sh")
        for name in names {
            let text = try String(contentsOf: Self.page.appendingPathComponent(name), encoding: .utf8)
            #expect(DashboardAssets.files[name] == text, "\(name) changed: run Scripts/dashboard-assets.sh")
        }
    }

    @Test func thePageNeedsNothingFromAnotherOrigin() throws {
        for (name, text) in DashboardAssets.files {
            for link in [#"src="http"#, #"href="http"#, "url(http", "url('http", #"fetch("http"#, "@import"] {
                #expect(!text.contains(link), "\(name) must work offline: it has \(link)")
            }
        }
    }
}
