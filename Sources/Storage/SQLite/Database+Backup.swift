import CSQLite
import Foundation

extension Database {
    /// Writes a consistent copy of the database to `target` while other threads keep writing.
    ///
    /// The copy is made by SQLite's online backup API in a single step (`sqlite3_backup_step(-1)`),
    /// which reads every page inside one read transaction: under WAL that is a snapshot, so writers
    /// carry on and the copy is exactly the database at one commit. (Copying in slices would
    /// restart whenever another connection commits.) The copy is written to a temporary file next
    /// to `target`, switched to a self-contained rollback-journal file, checked with
    /// `PRAGMA integrity_check`, and only then published under `target`, so a half-written backup
    /// never appears under that name.
    ///
    /// Throws `.backupTargetExists` if `target` exists and `overwrite` is false (checked again
    /// atomically at publication), `.integrityCheckFailed` if the copy is damaged, `.sqlite` or
    /// `.fileSystem` otherwise.
    public func backup(to target: String, overwrite: Bool = false) throws {
        if !overwrite && FileManager.default.fileExists(atPath: target) {
            throw StorageError.backupTargetExists(path: target)
        }
        let temporary = target + ".partial-" + RandomIdentifier.hex()
        defer {
            unlink(temporary)
            unlink(temporary + "-journal")
        }
        try withConnection { source in
            let destination = try Connection(path: temporary, readOnly: false)
            try Self.copy(from: source, to: destination)
            // The pages came with the WAL flag; a backup should be one file that opens anywhere.
            try destination.execute("PRAGMA journal_mode = DELETE")
        }
        let report = try Self.integrityCheck(ofFileAt: temporary)
        guard report == "ok" else {
            throw StorageError.integrityCheckFailed(report: report)
        }
        try Self.publish(temporary, as: target, overwrite: overwrite)
    }

    private static func copy(from source: Connection, to destination: Connection) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw Connection.error(
                destination.handle, code: sqlite3_errcode(destination.handle), context: "start backup")
        }
        var code = sqlite3_backup_step(backup, -1)
        var attempts = 0
        while code == SQLITE_BUSY || code == SQLITE_LOCKED, attempts < 500 {
            // Only a writer on the destination (none: it is our private temporary file) or a
            // source in WAL recovery can cause this; wait a little and go on.
            sqlite3_sleep(10)
            attempts += 1
            code = sqlite3_backup_step(backup, -1)
        }
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            throw Connection.error(
                destination.handle, code: code == SQLITE_DONE ? finish : code, context: "backup step")
        }
    }

    /// Moves the finished copy into place: `link(2)` fails if `target` appeared meanwhile, so the
    /// no-overwrite promise holds even against a race; `rename(2)` replaces atomically.
    private static func publish(_ temporary: String, as target: String, overwrite: Bool) throws {
        if overwrite {
            guard rename(temporary, target) == 0 else {
                throw StorageError.fileSystem(path: target, message: String(cString: strerror(errno)))
            }
        } else if link(temporary, target) != 0 {
            let error = errno
            if error == EEXIST {
                throw StorageError.backupTargetExists(path: target)
            }
            throw StorageError.fileSystem(path: target, message: String(cString: strerror(error)))
        }
        // Make the new directory entry itself durable, not only the file's pages.
        let directory = (target as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
    }
}
