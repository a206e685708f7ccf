import Foundation

/// Turns a zone name or id found in a date string (`GMT`, `UTC`, `PST`, `Europe/Paris`) into the
/// offset it had at a given wall-clock time.
enum ZoneNames {
    static func offset(named name: String, at wallClock: WallClock) -> Int? {
        switch name.uppercased() {
        case "GMT", "UTC", "UT", "Z": return 0
        default: break
        }
        guard let zone = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else { return nil }
        // The offset at the wall-clock time read as UTC is off by at most one transition; a
        // second look from the corrected instant settles it except inside a DST gap or overlap.
        let guess = Date(timeIntervalSince1970: TimeInterval(wallClock.seconds))
        let first = zone.secondsFromGMT(for: guess)
        return zone.secondsFromGMT(for: guess.addingTimeInterval(TimeInterval(-first)))
    }
}
