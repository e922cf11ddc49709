import JSON

/// Sample recipients typed or pasted as JSON Lines (one object of values per line) or as CSV
/// (a header row of variable names, then one row per recipient; `"…"` quotes, `""` inside).
public enum SampleRecipients {
    /// The recipients of `text`, or the first line that cannot be read.
    public static func read(_ text: String) -> Result<[JSONValue], TemplateProblem> {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init).filter {
            !$0.trimmingPrefix(while: \.isWhitespace).isEmpty
        }
        guard let first = lines.first else { return .success([]) }
        if first.trimmingPrefix(while: \.isWhitespace).hasPrefix("{") {
            var recipients: [JSONValue] = []
            for (index, line) in lines.enumerated() {
                let reading = JSONReader().read(line)
                guard let root = reading.root, reading.isValid, case .object = root.value else {
                    return .failure(TemplateProblem("Line \(index + 1) is not a JSON object of values."))
                }
                recipients.append(root.value)
            }
            return .success(recipients)
        }
        guard let names = fields(of: first) else { return .failure(unclosedQuote(row: 1)) }
        var recipients: [JSONValue] = []
        for (index, line) in lines.dropFirst().enumerated() {
            guard let values = fields(of: line) else { return .failure(unclosedQuote(row: index + 2)) }
            guard values.count == names.count else {
                return .failure(
                    TemplateProblem(
                        "CSV row \(index + 2) has \(values.count) fields; the header has \(names.count)."))
            }
            var object = JSONObjectBuilder()
            for (name, value) in zip(names, values) where !value.isEmpty { object.set(name, value) }
            recipients.append(object.value)
        }
        return .success(recipients)
    }

    /// A row whose quoted value is not closed on its line: a value cannot span lines here, and
    /// reading on would take the next line's start for a value.
    private static func unclosedQuote(row: Int) -> TemplateProblem {
        TemplateProblem("CSV row \(row) has a quote that is not closed (a value cannot span lines).")
    }

    /// The fields of one CSV row, trimmed, or nil when a quote is not closed; a quoted field
    /// keeps its commas and `""` is a quote. Read by Unicode scalar, not by Character: a combining mark after a comma or a quote is
    /// the next value's first letter, and as a grapheme it would hide the separator.
    static func fields(of line: String) -> [String]? {
        let scalars = Array(line.unicodeScalars)
        var fields: [String] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        current.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(scalar)
                }
            } else if scalar == "\"", current.allSatisfy(\.properties.isWhitespace) {
                current = String.UnicodeScalarView()
                quoted = true
            } else if scalar == "," {
                fields.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
            index += 1
        }
        guard !quoted else { return nil }
        fields.append(String(current))
        return fields.map(trimmed)
    }

    /// `text` without the white space at either end, as every CSV value is kept.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
