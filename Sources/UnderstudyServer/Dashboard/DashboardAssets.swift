import Foundation
import UnderstudyAdmin
import UnderstudyCore

/// The dashboard page's files, compiled into the server.
///
/// They are Swift string literals (DashboardAssets+Files.swift, written by
/// `Scripts/dashboard-assets.sh` from the `Page` folder) rather than SwiftPM resources: on Linux,
/// `Bundle.module` looks for a `.resources` folder beside the executable and stops the process
/// when it is missing, so an `understudy` binary copied anywhere else would crash on the first
/// page view. A test checks that the literals match the files.
enum DashboardAssets {
    /// The response for a file of the page, by its name below `/__understudy/`; nil for no such file.
    static func response(for name: String) -> AdminResponse? {
        let file = name.isEmpty ? "index.html" : name
        guard let text = files[file] else { return nil }
        var headers: HeaderFields = [
            "Content-Type": contentType(of: file),
            "Cache-Control": "no-cache",
            "X-Content-Type-Options": "nosniff"
        ]
        if file.hasSuffix(".html") {
            // Everything the page runs comes from here: no inline script, no other origin.
            headers.add(
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
            )
        }
        return AdminResponse(status: 200, headers: headers, body: Data(text.utf8))
    }

    static func contentType(of file: String) -> String {
        if file.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if file.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if file.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if file.hasSuffix(".svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}
