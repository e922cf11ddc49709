/// Dates and numbers as the Live Activity messages write them.
extension ActivityStateChecker {
    /// A whole number grouped by thousands with spaces (`1 767 225 600`); fractions as written.
    static func grouped(_ value: Double) -> String {
        guard value.rounded() == value, abs(value) < 1e15 else { return String(value) }
        let digits = String(Int64(abs(value)))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += " " }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// UNIX seconds as a UTC calendar date: `2026-01-01`, with the time when it is not midnight
    /// (`2026-01-01 12:30:05 UTC`).
    static func calendarDate(_ unixSeconds: Double) -> String {
        let seconds = Int64(unixSeconds.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        var text = "\(year)-\(two(month))-\(two(day))"
        if time != 0 {
            text += " \(two(time / 3600)):\(two(time % 3600 / 60)):\(two(time % 60)) UTC"
        }
        return text
    }

    /// A UNIX time for messages: its grouped value and its date.
    static func describeUnix(_ seconds: Double) -> String {
        "\(grouped(seconds)), \(calendarDate(seconds))"
    }

    /// Year, month and day of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
    private static func civil(fromDays count: Int64) -> (Int64, Int64, Int64) {
        let z = count + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
