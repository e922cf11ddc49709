import Templates

/// A stored timestamp (ISO 8601 in UTC, `2026-11-29T21:32:52.123Z`) as pages show it: words a
/// person reads at a glance ("29 Nov 2026, 21:32 UTC"), with the exact ISO text kept in the
/// `<time datetime>` attribute (`templates/time.html`) for copying and for machines.
/// `Public/local-time.js` then shows the same instant in the reader's own time zone and locale.
enum PageTime {
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The values of the `time` partial: `{datetime, text}`; a text that is no stored timestamp
    /// (written by hand, or a word like "never") is shown as it is, without `datetime`.
    static func value(_ stamp: String) -> TemplateValue {
        guard let text = readable(stamp) else { return ["datetime": .string(""), "text": .string(stamp)] }
        return ["datetime": .string(stamp), "text": .string(text)]
    }

    /// "29 Nov 2026, 21:32 UTC" for a stored timestamp; nil for any other text.
    static func readable(_ stamp: String) -> String? {
        let characters = Array(stamp)
        guard characters.count >= 17, stamp.hasSuffix("Z"), characters[4] == "-", characters[7] == "-",
            characters[10] == "T", characters[13] == ":",
            let month = Int(String(characters[5...6])), (1...12).contains(month),
            let day = Int(String(characters[8...9])),
            Int(String(characters[0...3])) != nil
        else { return nil }
        let year = String(characters[0...3])
        let clock = String(characters[11...15])
        return "\(day) \(months[month - 1]) \(year), \(clock) UTC"
    }
}
