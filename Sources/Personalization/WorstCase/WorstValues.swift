import JSON
import NotificationPreview

/// The values a variable takes at its worst, as concrete text to render: for bytes, the value
/// at its maximum length in the characters with the most escaped UTF-8 bytes (and those that
/// grow most under a case filter, and a `replace` pattern repeated); for lines, the value at its
/// maximum length in the widest character of its scripts. The worst case is the template
/// rendered with the candidate that costs most at each tag — computed, never estimated.
struct WorstValues {
    let variable: VariableDeclaration

    /// The escaped UTF-8 bytes `text` costs inside a JSON string.
    static func escapedBytes(_ text: String) -> Int {
        JSONWriter.quoted(text).utf8.count - 2
    }

    /// Candidate worst values for `tag`'s bytes; nil stands for an absent optional value.
    func byteCandidates(for tag: OutputTag) -> [String?] {
        var candidates: [String?] = variable.optional ? [nil] : []
        switch variable.type {
        case .text:
            let allowed = TextScript.allowed(in: variable.scripts)
            let measures: [(Unicode.Scalar) -> Int] = [
                { Self.escapedBytes(String($0)) }, { Self.escapedBytes(String($0).uppercased()) },
                { Self.escapedBytes(String($0).lowercased()) },
            ]
            for measure in measures {
                if let worst = allowed.max(by: { measure($0) < measure($1) }) {
                    candidates.append(repeated(String(worst)))
                }
            }
            for case .replace(let pattern, _) in tag.filters
            where pattern.unicodeScalars.allSatisfy({ TextScript.allows($0, in: variable.scripts) }) {
                candidates.append(repeated(pattern))
            }
        case .number: candidates.append(String(repeating: "8", count: variable.maxLength))
        case .date: candidates += Self.dates
        case .url:
            candidates.append("https://" + String(repeating: "w", count: max(0, variable.maxLength - 8)))
        }
        return candidates
    }

    /// The worst value for lines: the widest character at the maximum length (text), or the
    /// byte candidates (the others, whose characters are narrow and alike).
    func lineCandidates(for tag: OutputTag) -> [String?] {
        guard variable.type == .text else { return byteCandidates(for: tag).filter { $0 != nil } }
        let allowed = TextScript.allowed(in: variable.scripts).filter { !$0.properties.isJoinControl }
        let widest = WidestScalar.among(allowed.map { tag.render(String($0)).unicodeScalars.first ?? $0 })
        // The scalar whose filtered form is widest (upcase makes "m" an "M").
        let source = allowed.first { tag.render(String($0)).unicodeScalars.first == widest } ?? "W"
        return [repeated(String(source))]
    }

    /// `unit` repeated up to the maximum length, counted in Unicode scalars.
    private func repeated(_ unit: String) -> String {
        let scalars = Array(unit.unicodeScalars)
        guard !scalars.isEmpty else { return "" }
        var text = String.UnicodeScalarView()
        for index in 0..<variable.maxLength { text.append(scalars[index % scalars.count]) }
        return String(text)
    }

    /// Dates covering every month and weekday, at the longest time of day and offset.
    static let dates: [String?] = (0..<40).compactMap { step in
        guard let date = CalendarDate(unixSeconds: 1_767_225_600 + Int64(step) * 23 * 86_400) else {
            return nil
        }
        return DateFormat.isoDate.format(date) + "T23:59:59+14:00"
    }
}
