import Foundation

/// A minimal JSON writer for the preview document: strings escaped per RFC 8259, numbers in
/// a fixed short form. The caller keeps the structure well formed.
struct JSONText: Sendable {
    /// The text written so far.
    private(set) var text = ""

    /// Appends raw, already-serialised JSON (punctuation or a fragment such as the report).
    mutating func raw(_ json: String) {
        text += json
    }

    /// Appends `"key":`.
    mutating func key(_ name: String) {
        string(name)
        text += ":"
    }

    /// Appends a quoted, escaped string.
    mutating func string(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// Appends a string or `null`.
    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { text += "null" }
    }

    /// Appends a number rounded to `decimals` places ("102.5", "66.0"); non-finite as null.
    mutating func number(_ value: Double, decimals: Int = 1) {
        guard value.isFinite else {
            text += "null"
            return
        }
        text += String(value.rounded(toPlaces: decimals))
    }

    /// Appends an integer.
    mutating func number(_ value: Int) {
        text += String(value)
    }

    /// Appends `true` or `false`.
    mutating func bool(_ value: Bool) {
        text += value ? "true" : "false"
    }

    /// Appends an array, writing each element with `element` and commas in between.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONText, Element) -> Void) {
        text += "["
        for (index, item) in elements.enumerated() {
            if index > 0 { text += "," }
            element(&self, item)
        }
        text += "]"
    }
}

extension Double {
    /// The value rounded half away from zero to `places` decimals, for stable output.
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
