import Foundation
import JSON
import NotificationKit
import Registry
import Storage

/// The log line at start for every stored record that no longer reads, so damage is reported
/// with its identifier when the server comes up instead of only when someone opens a list.
enum UnreadableRecords {
    /// Writes one line per unreadable category of `catalog`, Live Activity type of
    /// `activityTypes` and notification of `notifications` to standard error. Reading fails
    /// quietly here: the pages report a database they cannot read.
    static func log(
        catalog: CategoryCatalog, activityTypes: ActivityCatalog, notifications: NotificationStore
    ) {
        for category in (try? catalog.snapshot().unreadable) ?? [] {
            write(
                "stored category \(JSONWriter.quoted(category.identifier)) (revision \(category.revision)) "
                    + "no longer reads and is left out: \(category.reason)")
        }
        for type in (try? activityTypes.snapshot().unreadable) ?? [] {
            write(
                "stored Live Activity type \(JSONWriter.quoted(type.name)) (revision \(type.revision)) "
                    + "no longer reads and is left out: \(type.reason)")
        }
        // In batches, each one query: read one by one, 100 000 notifications cost 100 000
        // queries at every start.
        _ = try? notifications.forEachBatch { batch in
            for unreadable in batch.compactMap(UnreadableNotification.init) {
                write(
                    "stored notification \(unreadable.id) \(JSONWriter.quoted(unreadable.name)) (revision "
                        + "\(unreadable.revision)) no longer reads and is left out of the list: \(unreadable.reason)"
                )
            }
        }
    }

    /// `line` as one log line: the text `terminalSafe`, then a real line break (escaping the
    /// whole line turned its break into a literal `\u{A}` and ran every warning together).
    static func logLine(_ line: String) -> String {
        "pushboard: \(line.terminalSafe)\n"
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data(logLine(line).utf8))
    }
}
