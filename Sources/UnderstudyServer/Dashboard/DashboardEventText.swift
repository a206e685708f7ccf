import UnderstudyJSON

/// The text of one server-sent event on the dashboard's feed: a name and one line of JSON.
enum DashboardEventText {
    static func event(_ name: String, _ data: JSONObject) -> String {
        // Compact JSON has no raw newline (they are escaped in strings), so one `data:` line holds it.
        "event: \(name)\ndata: \(JSONWriter.string(.object(data)))\n\n"
    }

    /// Keeps proxies and the idle time-out from closing a quiet feed; the page ignores comments.
    static let heartbeat = ": heartbeat\n\n"
}
