import CSQLite
import Foundation

extension Database {
    /// Runs `body` in one `BEGIN IMMEDIATE` transaction only if the write lock is free now, in
    /// this process and in SQLite; answers nil, having written nothing and waited for nothing,
    /// when it is not. For writes a request can do without (a session's "last seen" time,
    /// deleting a session found expired): reads never wait for them (issue 23, item 8).
    ///
    /// Errors other than a held lock are thrown, as by `transaction`.
    public func transactionIfUnlocked<T>(_ body: (any SQLSession) throws -> T) throws -> T? {
        guard readOnlyReason == nil, writeLock.try() else { return nil }
        defer { writeLock.unlock() }
        return try withConnection { connection -> T? in
            if let change = openedFiles?.change() { throw StorageError.filesReplaced(change) }
            // No busy handler: SQLite's would sleep and poll while another process holds the lock.
            connection.setBusyTimeout(milliseconds: 0)
            defer { connection.setBusyTimeout(milliseconds: Connection.busyTimeoutMilliseconds) }
            do {
                defer { changes.recordWrite() }
                return try connection.transaction(body)
            } catch let error as StorageError where error.isBusy {
                return nil
            }
        }
    }
}
