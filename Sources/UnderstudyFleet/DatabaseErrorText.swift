import PostgresNIO

/// What went wrong with the database, for the log and for admin answers. PostgresNIO's own
/// description of its errors is a fixed sentence (it keeps data the server quotes out of logs),
/// which told an operator nothing; this gives the server's message and SQLSTATE, or the kind of
/// failure. Neither carries the connection string or its password.
func databaseErrorText(_ error: any Error) -> String {
    guard let error = error as? PSQLError else { return "\(error)" }
    guard let message = error.serverInfo?[.message] else {
        // The reason beneath ("connection refused", a TLS failure) names no credentials either.
        return "PostgreSQL connection: \(error.code)" + (error.underlying.map { " (\($0))" } ?? "")
    }
    let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
    return "PostgreSQL: \(message)\(state)"
}
