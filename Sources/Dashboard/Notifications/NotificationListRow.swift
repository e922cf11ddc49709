import Foundation
import NotificationKit
import Storage
import Templates

/// One row of the notifications list: what a person scans for (title and body, category,
/// whether it would be accepted, who changed it last).
struct NotificationListRow {
    /// The longest snippet of the body the list shows.
    static let snippetLength = 90

    /// The notification as saved.
    let stored: StoredNotification
    /// The alert's title ("" when absent), shown.
    let title: String
    /// The alert's body, or the alert itself when it is a string ("" when absent): the snippet.
    let body: String
    /// The payload's `aps.category` ("" when it names none).
    let category: String
    /// Its verdict against the current registry.
    let report: ValidationReport

    /// The row of `stored`, checked against `registry`: everything from its one analysis.
    init(_ stored: StoredNotification, registry: CategoryLookup) {
        self.stored = stored
        let analysis = NotificationVerdict.analysis(stored, registry: registry)
        let alert = analysis.alert?.content
        title = alert?.title ?? ""
        body = alert?.body ?? ""
        category = analysis.categoryIdentifier ?? ""
        report = analysis.report
    }

    /// The template values of the row.
    var value: TemplateValue {
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let body = self.body.replacingOccurrences(of: "\n", with: " ")
        let snippet = body.count > Self.snippetLength ? body.prefix(Self.snippetLength - 1) + "…" : body
        return [
            "id": .string(stored.id), "name": .string(stored.name), "title": .string(title),
            "snippet": .string(String(snippet)), "category": .string(category),
            "valid": .bool(report.valid),
            "errors": .string(errors == 1 ? "1 error" : "\(errors) errors"),
            "updatedAt": .string(Timestamp.readable(stored.updatedAt)),
            "updatedBy": .string(stored.updatedBy),
            "revision": .int(stored.revision),
        ]
    }
}
