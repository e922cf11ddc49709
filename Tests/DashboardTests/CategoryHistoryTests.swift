import Foundation
import HTTPKit
import NotificationKit
import Testing

@testable import Dashboard

/// A category's history: revisions with what changed action by action, the revision page with
/// its differences from the current one, restore as a new revision, and deleted categories
/// listed with their history, on the pages and in the API.
@Suite struct CategoryHistoryTests {
    static let json: HTTPHeaders = ["Content-Type": "application/json"]
    static let first = #"{"identifier":"message","actions":[{"identifier":"reply","title":"Odpovědět"}]}"#
    static let second = #"{"identifier":"message","actions":[{"identifier":"reply","title":"Reply"}]}"#

    @Test func changesAreNamedActionByAction() {
        let changes = CategoryRevisionChanges(from: Self.first, to: Self.second).changes
        #expect(changes == [.init(label: "Action reply: title", before: "Odpovědět", after: "Reply")])
        let removed = CategoryRevisionChanges(
            from: Self.first, to: #"{"identifier":"message","actions":[],"options":["allowInCarPlay"]}"#)
        #expect(removed.changes.map(\.label) == ["Removed action reply", "options"])
        #expect(CategoryRevisionChanges(from: Self.first, to: Self.first).changes.isEmpty)
    }

    /// Equal values written at other places in their texts (another spacing, another member
    /// before them) are no change: values are compared as written, not with their positions.
    @Test func equalValuesElsewhereInTheTextAreNoChange() {
        let spaced =
            #"{ "identifier": "message", "actions": [ { "identifier": "reply", "title": "Reply" } ] }"#
        #expect(CategoryRevisionChanges(from: Self.second, to: spaced).changes.isEmpty)
        let retitled =
            #"{"identifier":"message","options":["allowInCarPlay"],"#
            + #""actions":[{"identifier":"reply","title":"Odpovědět","options":["foreground"]}]}"#
        let moved =
            #"{"identifier":"message","actions":[{"identifier":"reply","title":"Reply","#
            + #""options":["foreground"]}],"options":["allowInCarPlay"]}"#
        #expect(
            CategoryRevisionChanges(from: retitled, to: moved).changes
                == [.init(label: "Action reply: title", before: "Odpovědět", after: "Reply")])
    }

    @Test func historyPagesRestoreAndTheTrash() throws {
        let fixture = try DashboardFixture()
        #expect(
            fixture.send(.put, "/api/v1/categories/message", body: Self.first, headers: Self.json).status
                == .created)
        #expect(
            fixture.send(.put, "/api/v1/categories/message", body: Self.second, headers: Self.json).status
                == .ok)
        let history = DashboardFixture.text(fixture.send(.get, "/categories/message/history"))
        #expect(history.contains("Revision 2 (current)") && history.contains("Action reply: title"))
        let revision = DashboardFixture.text(fixture.send(.get, "/categories/message/history/1"))
        #expect(revision.contains("<del>Odpovědět</del>") && revision.contains("<ins>Reply</ins>"))
        #expect(revision.contains("Restore revision 1"))
        let restore = fixture.send(
            .post, "/categories/message/history/1/restore",
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(restore.status == .seeOther)
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")).contains("Odpovědět"))

        #expect(fixture.send(.delete, "/api/v1/categories/message").status == .noContent)
        let list = DashboardFixture.text(fixture.send(.get, "/categories"))
        #expect(list.contains(#"<a href="/categories/message/history">History and restore"#))
        let trash = DashboardFixture.text(fixture.send(.get, "/api/v1/trash/categories"))
        #expect(trash.contains(#""identifier":"message""#) && trash.contains(#""category":null"#))
        let revisions = DashboardFixture.text(fixture.send(.get, "/api/v1/categories/message/revisions"))
        #expect(
            revisions.contains(#""revision":4"#) && revisions.contains(#""changes":["Action reply: title"]"#))
        let back = fixture.send(.post, "/api/v1/categories/message/revisions/2/restore")
        #expect(back.status == .ok)
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")).contains("Reply"))
        #expect(fixture.send(.post, "/api/v1/categories/message/revisions/4/restore").status == .notFound)
        #expect(fixture.send(.get, "/api/v1/categories/never/revisions").status == .notFound)
        #expect(fixture.send(.get, "/categories/never/history").status == .notFound)
    }
}
