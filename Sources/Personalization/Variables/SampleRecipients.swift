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
        let names = fields(of: first)
        var recipients: [JSONValue] = []
        for (index, line) in lines.dropFirst().enumerated() {
            let values = fields(of: line)
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

    /// The fields of one CSV row, trimmed; a quoted field keeps its commas and `""` is a quote.
    static func fields(of line: String) -> [String] {
        let characters = Array(line)
        var fields: [String] = []
        var current = ""
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        current.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"", current.allSatisfy(\.isWhitespace) {
                current = ""
                quoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
            index += 1
        }
        fields.append(current)
        return fields.map {
            String($0.trimmingPrefix(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
    }
}
