import Foundation
import NotificationKit
import Storage
import Templates

/// One row of the notifications list: what a person scans for (title and body, category,
/// whether it would be accepted, who changed it last) and what the search matches.
struct NotificationListRow {
    /// The longest snippet of the body the list shows.
    static let snippetLength = 90

    /// The notification as saved.
    let stored: StoredNotification
    /// The form its saved version fills (title, body, category for the row).
    let fields: ComposerFields
    /// Its verdict against the current registry.
    let report: ValidationReport

    /// The row of `stored`, checked against `registry`.
    init(_ stored: StoredNotification, registry: CategoryConfig) {
        self.stored = stored
        fields = RevisionChanges.fields(name: stored.name, headers: stored.headers, payload: stored.payload)
        report = NotificationVerdict.report(stored, registry: registry)
    }

    /// Whether every word of `query` is in the name, title, subtitle or body, ignoring case and
    /// accents ("sleva dnes" finds a title "Sleva" with a body "jen dnes").
    func matches(_ query: String) -> Bool {
        let text = [stored.name, fields[.title], fields[.subtitle], fields[.body]].joined(separator: "\n")
        return query.split(whereSeparator: \.isWhitespace).allSatisfy {
            text.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }

    /// The template values of the row.
    var value: TemplateValue {
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let body = fields[.body].replacingOccurrences(of: "\n", with: " ")
        let snippet = body.count > Self.snippetLength ? body.prefix(Self.snippetLength - 1) + "…" : body
        return [
            "id": .string(stored.id), "name": .string(stored.name), "title": .string(fields[.title]),
            "snippet": .string(String(snippet)), "category": .string(fields[.category]),
            "valid": .bool(report.valid),
            "errors": .string(errors == 1 ? "1 error" : "\(errors) errors"),
            "updatedAt": .string(Timestamp.readable(stored.updatedAt)),
            "updatedBy": .string(stored.updatedBy),
            "revision": .int(stored.revision),
        ]
    }
}
