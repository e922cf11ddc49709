import JSON
import NotificationKit

/// A minimal streaming JSON writer for the preview documents, writing straight into the UTF-8
/// bytes of the response: keys and punctuation are constant text, strings are escaped by
/// `JSONWriter`, numbers are written in Swift's own short form (`JSONNumberText`). The caller
/// keeps the structure well formed.
struct JSONText {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// A writer whose buffer holds `capacity` bytes before it grows.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends constant punctuation or a constant fragment.
    mutating func raw(_ json: StaticString) {
        json.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends already-serialised JSON text (a report given as text).
    mutating func raw(text json: String) {
        bytes.append(contentsOf: json.utf8)
    }

    /// Appends the compact JSON of `report` (CONTRACT §4), the same bytes as `report.json()`.
    mutating func report(_ report: ValidationReport) {
        report.appendCompactJSON(to: &bytes)
    }

    /// Appends `"name":`, for a key that needs no escape.
    mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    /// Appends `,"name":`, a member after the first.
    mutating func member(_ name: StaticString) {
        raw(",\"")
        raw(name)
        raw("\":")
    }

    /// Appends a quoted string, escaped exactly as the JSON module's writer escapes payloads.
    mutating func string(_ value: String) {
        JSONWriter.appendQuoted(value, to: &bytes)
    }

    /// Appends a string or `null`.
    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Appends a number rounded to `decimals` places ("102.5", "66.0"); non-finite as null.
    mutating func number(_ value: Double, decimals: Int = 1) {
        JSONNumberText.appendRounded(value, decimals: decimals, to: &bytes)
    }

    /// Appends an integer or `null`.
    mutating func number(_ value: Int?) {
        guard let value else { return raw("null") }
        JSONNumberText.appendInteger(value, to: &bytes)
    }

    /// Appends `true` or `false`.
    mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// Appends an array, writing each element with `element` and commas in between.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONText, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

/// What a preview document carries under `"report"`: nothing, text already serialised, or the
/// report itself, written in place.
enum EmbeddedReport {
    /// No `"report"` member.
    case none
    /// Serialised JSON, spliced in as it is.
    case text(String)
    /// The report, written straight into the document.
    case report(ValidationReport)

    /// Writes `"report":…,` when there is one.
    func write(to out: inout JSONText) {
        switch self {
        case .none: return
        case .text(let json):
            out.key("report")
            out.raw(text: json)
        case .report(let report):
            out.key("report")
            out.report(report)
        }
        out.raw(",")
    }
}
