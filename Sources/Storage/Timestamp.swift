import Foundation

/// Timestamps as stored and shown: ISO 8601 in UTC with milliseconds, `2026-11-29T21:32:52.123Z`.
/// The fixed width makes text order equal time order, so SQL can sort them as strings.
public enum Timestamp {
    /// The current time in the stored form.
    static func now() -> String {
        string(from: Date())
    }

    /// `date` in the stored form; milliseconds are truncated, never rounded up into the next second.
    static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var fraction = Int(milliseconds.quotientAndRemainder(dividingBy: 1000).remainder)
        if fraction < 0 {
            seconds -= 1
            fraction += 1000
        }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let day = [
            pad(Int(parts.tm_year) + 1900, 4), pad(Int(parts.tm_mon) + 1, 2), pad(Int(parts.tm_mday), 2),
        ]
        let clock = [pad(Int(parts.tm_hour), 2), pad(Int(parts.tm_min), 2), pad(Int(parts.tm_sec), 2)]
        return day.joined(separator: "-") + "T" + clock.joined(separator: ":") + "." + pad(fraction, 3) + "Z"
    }

    /// A stored timestamp as pages show it, to the second: `2026-11-29 21:32:52 UTC`; any other
    /// text is shown as it is (a record written by hand is still shown, not hidden).
    public static func readable(_ stamp: String) -> String {
        guard stamp.count >= 19, stamp.hasSuffix("Z") else { return stamp }
        let day = stamp.prefix(10)
        let clock = stamp.dropFirst(11).prefix(8)
        return "\(day) \(clock) UTC"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
