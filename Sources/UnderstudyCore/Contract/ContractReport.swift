import Foundation

/// Renders a request's contract violations as the near-miss diff renders a miss: a titled table
/// with the rule in the contract on the left, where the message breaks it on the right, and
/// `<<<<< X does not match` on each row. What strict mode reports.
public enum ContractReport {
    /// One table for the request's violations and one for its response's, request first.
    public static func render(_ violations: [ContractViolation], width: Int = DiffRenderer.defaultWidth) -> String {
        var tables: [String] = []
        for side in [ContractViolation.Side.request, .response] {
            let rows = violations.filter { $0.side == side }.map(row)
            guard !rows.isEmpty else { continue }
            let title = side == .request ? "Request broke the contract" : "Response broke the contract"
            let heading = side == .request ? "Request" : "Response"
            tables.append(DiffRenderer.render(rows: rows, width: width, title: title, columns: ("Contract", heading)))
        }
        return tables.joined(separator: "\n")
    }

    /// The spec's rule beside where and why the message breaks it.
    static func row(_ violation: ContractViolation) -> DiffRow {
        let place = violation.pointer.isEmpty ? violation.location : "\(violation.location) \(violation.pointer)"
        return DiffRow(expected: violation.specPath, actual: "\(place)\n\(violation.reason)", mismatch: place)
    }
}
