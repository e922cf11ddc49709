import Foundation

extension StoreDatabase {
    /// Deletes the rows of `table` (a log: the audit trail, the send log) whose `at` is before
    /// `cutoff`, a batch at a time so writers never wait long behind it; answers how many went.
    /// `table` is one of this module's constants, never input.
    func pruneLog(_ table: String, before cutoff: Date) throws -> Int {
        let stamp = Timestamp.string(from: cutoff)
        var removed = 0
        while true {
            let batch = try transaction { connection in
                try connection.run(
                    "DELETE FROM \(table) WHERE id IN (SELECT id FROM \(table) WHERE at < ? LIMIT \(AccessStore.pruneBatch))",
                    [.text(stamp)])
            }
            removed += batch
            if batch < AccessStore.pruneBatch { return removed }
        }
    }
}
