/// The fixed set of `date` formats: strftime patterns people write in Liquid, with English
/// month and day names and no time-zone conversion (a value is shown as its text says).
public enum DateFormat: String, Sendable, Hashable, CaseIterable {
    case isoDate = "%Y-%m-%d"
    case dottedDayFirst = "%d.%m.%Y"
    case slashedDayFirst = "%d/%m/%Y"
    case slashedMonthFirst = "%m/%d/%Y"
    case shortMonthDay = "%b %-d"
    case dayShortMonth = "%-d %b"
    case longMonthDay = "%B %-d"
    case dayLongMonth = "%-d %B"
    case longMonthDayYear = "%B %-d, %Y"
    case dayLongMonthYear = "%-d %B %Y"
    case weekdayDayMonth = "%a %-d %b"
    case weekday = "%A"
    case time24 = "%H:%M"
    case time12 = "%I:%M %p"
    case isoDateTime = "%Y-%m-%d %H:%M"

    /// `date` written in this format.
    public func format(_ date: CalendarDate) -> String {
        var output = ""
        var scalars = rawValue.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%", var directive = scalars.next() else {
                output.unicodeScalars.append(scalar)
                continue
            }
            var padded = true
            if directive == "-", let next = scalars.next() {
                padded = false
                directive = next
            }
            output += date.field(directive, padded: padded)
        }
        return output
    }
}
