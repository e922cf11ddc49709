import Foundation
import HTTPKit
import JSON
import NotificationKit

/// The composer form's values as text, exactly as a person sees and edits them.
///
/// Everything is kept as the text typed, so a page re-rendered after an error shows the input
/// unchanged; typing happens later, when `PayloadComposer` binds the fields into a payload.
struct ComposerFields: Equatable, Sendable {
    /// The value of a checked checkbox.
    static let checked = "on"

    private var values: [ComposerField: String] = [:]

    /// An empty form: a new alert notification.
    init() {
        self[.pushType] = APNsPushType.alert.rawValue
    }

    /// The posted form. Line breaks are normalised to `\n`, because browsers send `\r\n` for
    /// every line of a textarea and a payload is compared and measured on its exact bytes.
    init(_ form: FormFields) {
        self.init()
        for field in ComposerField.allCases {
            guard let value = form[field.rawValue] else { continue }
            self[field] = Self.normalizingLineBreaks(value)
        }
    }

    /// The text of `field`; empty when absent.
    subscript(field: ComposerField) -> String {
        get { values[field] ?? "" }
        set { values[field] = newValue }
    }

    /// Whether the "Mutable content" checkbox is ticked.
    var mutableContent: Bool {
        get { self[.mutableContent] == Self.checked }
        set { self[.mutableContent] = newValue ? Self.checked : "" }
    }

    /// The APNs request headers the header fields give, by lowercase name, empty ones left out.
    var headers: [String: String] {
        var headers: [String: String] = [:]
        for field in ComposerField.headerFields {
            guard let name = field.headerName else { continue }
            let value = self[field].trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty { headers[name] = value }
        }
        return headers
    }

    /// The headers as the compact JSON object text the store keeps, in export order.
    var headersText: String {
        var object = JSONObjectBuilder()
        let headers = self.headers
        for name in APNsHeaders.names {
            object.set(name, headers[name])
        }
        return JSONWriter().string(object.value)
    }

    /// Fills the header fields from stored headers JSON text, as NotificationKit reads it
    /// (`APNsHeaders(storedJSON:)`, the one reader of stored headers).
    mutating func fillHeaders(fromJSON text: String) {
        let stored = APNsHeaders(storedJSON: text)
        for field in ComposerField.headerFields {
            guard let name = field.headerName else { continue }
            self[field] = stored[name] ?? ""
        }
        if self[.pushType].isEmpty {
            self[.pushType] = APNsPushType.alert.rawValue
        }
    }

    /// `text` with every `\r\n` (and lone `\r`) turned into `\n`.
    static func normalizingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }
}
