import Foundation
import UnderstudyCore

/// The short table of loaded stubs `serve` prints after the base URL.
enum StubTable {
    static let maximumRows = 25

    static func render(_ stubs: [StoredStub]) -> String {
        guard !stubs.isEmpty else { return "No stubs loaded; add some with POST /__admin/mappings." }
        var rows: [[String]] = [["METHOD", "URL", "STATUS", "NAME / FILE"]]
        for entry in stubs.prefix(maximumRows) {
            let stub = entry.stub
            let url =
                stub.request.url.map { $0.includesQuery || $0.literalPath != nil ? $0.text : "\($0.key): \($0.text)" }
                ?? "(any)"
            let status = stub.response.fault?.rawValue ?? String(stub.response.status)
            rows.append([
                stub.request.method.description, url, status,
                stub.name ?? entry.origin.filePath ?? stub.id.lowercasedString
            ])
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
                .trimmingTrailingSpaces()
        }
        if stubs.count > maximumRows { lines.append("… and \(stubs.count - maximumRows) more") }
        lines.append("\(stubs.count) stub\(stubs.count == 1 ? "" : "s") loaded")
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
