import Foundation
import JSON
import NotificationKit

/// A minimal streaming JSON writer for the preview document: strings escaped by `JSONWriter`,
/// numbers in a fixed short form. The caller keeps the structure well formed.
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

    /// Appends a quoted string, escaped exactly as NotificationKit's writer escapes payloads.
    mutating func string(_ value: String) {
        JSONWriter.appendQuoted(value, to: &text)
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
