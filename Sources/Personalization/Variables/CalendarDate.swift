/// A date value as a recipient gives it: `2026-12-07`, `2026-12-07T18:30`, with seconds and an
/// offset or `Z` (shown as written, no conversion), or UNIX seconds (shown in UTC).
public struct CalendarDate: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int

    /// A date from its parts; nil when they do not name a real day and time.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, of: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute) = (year, month, day, hour, minute)
    }

    /// The date of ISO 8601 text (`YYYY-MM-DD`, optionally `THH:MM`, `:SS`, fractions, `Z` or
    /// `±HH:MM`), or nil.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        var hour = 0
        var minute = 0
        if bytes.count > 10 {
            guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
                let parsedHour = number(11..<13), let parsedMinute = number(14..<16),
                Self.isTimeTail(bytes[16...])
            else { return nil }
            (hour, minute) = (parsedHour, parsedMinute)
        }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// The UTC date of `seconds` since 1970 (years 1–9999), or nil.
    public init?(unixSeconds seconds: Int64) {
        guard (-62_135_596_800...253_402_300_799).contains(seconds) else { return nil }
        let days = Int(seconds.floorDivided(by: 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60)
    }

    /// Seconds, fractions and an offset after `HH:MM`: `:SS`, `.fff`, `Z`, `±HH:MM`.
    private static func isTimeTail(_ tail: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: tail, as: UTF8.self)
        let pattern = text.unicodeScalars.map { $0.properties.numericType == nil ? Character($0) : "9" }
        let shape = String(pattern)
        let seconds = ["", ":99"]
        let fractions = ["", ".9", ".99", ".999", ".999999"]
        let offsets = ["", "Z", "+99:99", "-99:99"]
        return seconds.contains { second in
            fractions.contains { fraction in
                offsets.contains { offset in
                    (second.isEmpty && !fraction.isEmpty) ? false : shape == second + fraction + offset
                }
            }
        }
    }

    /// Days in `month` of `year` (Gregorian leap years).
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 0 for Sunday … 6 for Saturday.
    var weekday: Int {
        let monthTable = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let adjusted = month < 3 ? year - 1 : year
        return (adjusted + adjusted / 4 - adjusted / 100 + adjusted / 400 + monthTable[month - 1] + day) % 7
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// One strftime directive of `DateFormat`'s set.
    func field(_ directive: Unicode.Scalar, padded: Bool) -> String {
        func number(_ value: Int, width: Int) -> String {
            let digits = String(value)
            return padded ? String(repeating: "0", count: max(0, width - digits.count)) + digits : digits
        }
        switch directive {
        case "Y": return number(year, width: 4)
        case "m": return number(month, width: 2)
        case "d": return number(day, width: 2)
        case "H": return number(hour, width: 2)
        case "I": return number(hour % 12 == 0 ? 12 : hour % 12, width: 2)
        case "M": return number(minute, width: 2)
        case "p": return hour < 12 ? "AM" : "PM"
        case "b": return String(Self.monthNames[month - 1].prefix(3))
        case "B": return Self.monthNames[month - 1]
        case "a": return String(Self.weekdayNames[weekday].prefix(3))
        case "A": return Self.weekdayNames[weekday]
        default: return "%" + String(directive)
        }
    }
}

extension Int64 {
    /// Division rounding toward minus infinity (dates before 1970 fall on the day before).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
