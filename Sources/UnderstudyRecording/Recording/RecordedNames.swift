import Foundation
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyServer

/// Readable names for recorded stubs and their body files: `get-api-timeline-1a2b3c4d.json`.
enum RecordedNames {
    static let maximumStemLength = 80

    /// `GET /api/timeline?page=2` → `get-api-timeline`; `GET /` → `get-root`.
    static func stem(method: String, path: String) -> String {
        var cleaned = StubFileName.sanitise(path)
        if cleaned.isEmpty { cleaned = "root" }
        if cleaned.count > maximumStemLength {
            cleaned = String(cleaned.prefix(maximumStemLength))
            while cleaned.hasSuffix("-") { cleaned.removeLast() }
        }
        return StubFileName.sanitise(method) + "-" + cleaned
    }

    /// The last eight hex digits of the id: short, and unique enough within one folder (the
    /// writer checks for clashes anyway). The last, because ids made in a row share their start.
    static func shortID(_ id: UUID) -> String {
        String(id.uuidString.lowercased().suffix(8))
    }

    /// A file extension for a body of this media type.
    static func fileExtension(contentType: String?, isText: Bool) -> String {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let known: [String: String] = [
            "application/json": "json", "text/html": "html", "application/xml": "xml", "text/xml": "xml",
            "text/plain": "txt", "text/css": "css", "text/csv": "csv", "application/javascript": "js",
            "text/javascript": "js",
            "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/svg+xml": "svg",
            "application/pdf": "pdf", "application/zip": "zip", "application/octet-stream": "bin"
        ]
        if let ext = known[type] { return ext }
        if type.hasSuffix("+json") { return "json" }
        if type.hasSuffix("+xml") { return "xml" }
        return isText ? "txt" : "bin"
    }
}
