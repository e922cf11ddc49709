import Foundation
import Testing

@testable import Storage

/// The per-language variants of a notification (issue 27) are kept with every revision: an
/// update that does not name them keeps them, a restore brings back the old ones, and the
/// stored pages (list and search rows) read them too.
@Suite struct NotificationVariantsStoreTests {
    let directory: TemporaryDirectory
    let store: NotificationStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try Store(directory: directory.path).notifications
    }

    @Test func variantsTravelWithRevisions() throws {
        let czech = #"{"cs":{"body":"Ahoj"}}"#
        let created = try store.create(
            name: "n", headers: "{}", payload: #"{"aps":{}}"#, variants: czech, by: "t")
        #expect(created.variants == czech)
        #expect(try store.notification(id: created.id)?.variants == czech)
        guard
            case .updated(let kept) = try store.update(
                id: created.id, expectedRevision: 1, name: "n2", headers: "{}", payload: "{}", by: "t")
        else {
            Issue.record("not updated")
            return
        }
        #expect(kept.variants == czech)
        guard
            case .updated(let cleared) = try store.update(
                id: created.id, expectedRevision: 2, name: "n3", headers: "{}", payload: "{}", variants: "{}",
                by: "t")
        else {
            Issue.record("not updated")
            return
        }
        #expect(cleared.variants == "{}")
        #expect(try store.revision(1, of: created.id)?.variants == czech)
        #expect(
            try store.revisions(id: created.id, limit: 10, offset: 0)?.revisions.map(\.variants) == [
                "{}", czech, czech,
            ])
        guard case .updated(let restored) = try store.restore(revision: 1, of: created.id, by: "t")
        else {
            Issue.record("not restored")
            return
        }
        #expect(restored.variants == czech)
        #expect(try store.notification(id: created.id)?.variants == czech)
    }

    @Test func aNotificationSavedWithoutVariantsHasNone() throws {
        let created = try store.create(name: "n", headers: "{}", payload: "{}", by: "t")
        #expect(try store.notification(id: created.id)?.variants == "{}")
        #expect(
            try store.search(NotificationSearch(""), limit: 10, offset: 0).notifications.map(\.variants) == [
                "{}"
            ])
    }
}
