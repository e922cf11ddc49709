/// A `Date` as ActivityKit codes it (seconds since 2001-01-01T00:00:00Z) and as people type it
/// (ISO 8601 in UTC), for the composer's Live Activity form.
public enum ActivityDate {
    /// Seconds from 1970-01-01 to 2001-01-01.
    public static let referenceEpoch: Double = 978_307_200

    /// `2026-01-01T00:30:00Z` (or without seconds) as seconds since 2001; nil for anything else.
    public static func referenceSeconds(fromISO text: String) -> Double? {
        unixSeconds(fromISO: text).map { $0 - referenceEpoch }
    }

    /// `YYYY-MM-DDTHH:MM[:SS]Z` as UNIX seconds; nil for anything else.
    public static func unixSeconds(fromISO text: String) -> Double? {
        let parts = text.split(whereSeparator: { "-T:Z".contains($0) }).map { Int64($0) }
        guard text.hasSuffix("Z"), text.count >= 17, parts.count == 5 || parts.count == 6,
            let year = parts[0], let month = parts[1], let day = parts[2], let hour = parts[3],
            let minute = parts[4], (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60
        else { return nil }
        let second = parts.count == 6 ? (parts[5] ?? 60) : 0
        guard second < 60 else { return nil }
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// Seconds since 2001 as `2026-01-01T00:30:00Z`.
    public static func iso(referenceSeconds: Double) -> String {
        iso(unixSeconds: referenceSeconds + referenceEpoch)
    }

    /// UNIX seconds as `2026-01-01T00:30:00Z`.
    public static func iso(unixSeconds: Double) -> String {
        let text = ActivityStateChecker.calendarDate(unixSeconds.rounded(.down))
        let parts = text.split(separator: " ")
        return String(parts[0]) + "T" + (parts.count > 1 ? String(parts[1]) : "00:00:00") + "Z"
    }
}
