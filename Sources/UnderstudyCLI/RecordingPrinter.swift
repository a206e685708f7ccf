import Foundation
import UnderstudyRecording

/// What record and import-har tell the user: the files written and removed, what was redacted,
/// and which answers were too large to keep.
enum RecordingPrinter {
    static func lines(
        stubCount: Int, root: String, written: RecordingWriter.Summary?, redactions: RedactionReport,
        uncapturedBodies: [String] = []
    ) -> [String] {
        var lines = ["recorded \(stubCount) stub\(stubCount == 1 ? "" : "s") into \(root)"]
        if let written {
            lines += written.written.map { "  wrote \($0)" }
            lines += written.removed.map { "  removed \($0) (replaced)" }
            lines += written.kept.map {
                "  kept \($0): it holds several stubs, edit it by hand if it now duplicates a recorded one"
            }
        }
        lines += redactions.summary
        lines += uncapturedBodies.map { "  not captured: \($0)" }
        return lines
    }

    static func print(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
