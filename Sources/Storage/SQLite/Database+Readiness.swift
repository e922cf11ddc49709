import CSQLite
import Concurrency
import Foundation
import Glibc

extension Database {
    /// How long a `PRAGMA quick_check` result is reused by `readiness(quickCheck:)`: the check
    /// reads the whole file, and a load balancer may ask every second.
    public static let quickCheckCacheSeconds: TimeInterval = 60
    /// How long the write probe's answer is reused: a probe takes the write lock for a moment,
    /// and a load balancer may ask every second.
    public static let writeProbeCacheSeconds: TimeInterval = 2
    /// Free space below which the data directory's file system counts as full: a write needs
    /// room for its pages in the WAL, and SQLite answers `SQLITE_FULL` without it.
    public static let minimumFreeBytes: UInt64 = 1 << 20

    /// The checks of `/readyz`, cheap unless `quickCheck` (then cached for
    /// `quickCheckCacheSeconds`): the data directory and the file are the ones opened at start,
    /// both are writable, the file system has room, a write transaction can begin (cached for
    /// `writeProbeCacheSeconds`), and the database was not opened read-only.
    ///
    /// The messages name no path: `/readyz` answers anonymous clients.
    public func readiness(quickCheck: Bool) -> Readiness {
        var checks: [Readiness.Check] = []
        if let readOnlyReason {
            checks.append(.init(name: "writable", passed: false, message: readOnlyReason))
        } else if let openedFiles {
            let change = openedFiles.change(namingPaths: false)
            checks.append(
                .init(
                    name: "files", passed: change == nil,
                    message: change ?? "the database file is the file opened at start"))
            checks.append(
                writeProbeCache.value(maximumAge: Self.writeProbeCacheSeconds) { writability(openedFiles) })
        }
        if quickCheck {
            checks.append(integrityCheckResult())
        }
        return Readiness(checks: checks)
    }

    /// Whether a write would succeed now: the directory and the file may be written, the file
    /// system has `minimumFreeBytes` free, and `BEGIN IMMEDIATE; ROLLBACK` succeeds on a
    /// connection of the pool (so a connection stuck read-only is found, and the pool renewed,
    /// before a client's write meets it).
    ///
    /// Never waits for a lock: when this process's writers or another process hold the write
    /// lock, the database is writable but busy, and the check passes saying so (a busy database
    /// takes writes a moment later; `busy` answers 503 only past the bounded wait).
    private func writability(_ files: OpenedFiles) -> Readiness.Check {
        for (path, name) in [(files.directory, "the data directory"), (files.file, "the database file")]
        where access(path, W_OK) != 0 {
            let reason = String(cString: strerror(errno))
            return .init(name: "writable", passed: false, message: "\(name) is not writable (\(reason))")
        }
        if let space = Self.spaceCheck(freeBytes: Self.freeBytes(at: files.directory)) { return space }
        guard writeLock.try() else {
            return .init(name: "writable", passed: true, message: "writable; a write is in progress")
        }
        defer { writeLock.unlock() }
        do {
            try withConnection { connection in
                connection.setBusyTimeout(milliseconds: 0)
                defer { connection.setBusyTimeout(milliseconds: Connection.busyTimeoutMilliseconds) }
                try connection.execute("BEGIN IMMEDIATE")
                try connection.execute("ROLLBACK")
            }
        } catch let error as StorageError where error.isBusy {
            return .init(
                name: "writable", passed: true, message: "writable; another process holds the write lock")
        } catch let error as StorageError {
            return .init(
                name: "writable", passed: false, message: "a write would fail: \(error.withoutPaths)")
        } catch {
            return .init(name: "writable", passed: false, message: "a write would fail")
        }
        return .init(name: "writable", passed: true, message: "a write transaction can begin")
    }

    /// The failed check when `freeBytes` is below `minimumFreeBytes`, else nil (nil too when the
    /// free space is unknown: the write probe still runs).
    static func spaceCheck(freeBytes: UInt64?) -> Readiness.Check? {
        guard let freeBytes, freeBytes < minimumFreeBytes else { return nil }
        return .init(
            name: "writable", passed: false,
            message: "the disk holding the data directory is full (\(freeBytes) bytes free)")
    }

    /// The bytes an unprivileged writer may still use on the file system holding `path`.
    private static func freeBytes(at path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    private func integrityCheckResult() -> Readiness.Check {
        quickCheckCache.value(maximumAge: Self.quickCheckCacheSeconds) {
            do {
                let report = try quickCheck()
                return .init(
                    name: "integrity", passed: report == "ok",
                    message: report == "ok" ? "PRAGMA quick_check: ok" : "PRAGMA quick_check: \(report)")
            } catch let error as StorageError {
                return .init(
                    name: "integrity", passed: false,
                    message: "PRAGMA quick_check failed: \(error.withoutPaths)")
            } catch {
                return .init(name: "integrity", passed: false, message: "PRAGMA quick_check failed")
            }
        }
    }
}

/// The last result of one readiness check and when it was made.
final class ReadinessCheckCache: Sendable {
    private let cached = Locked<(check: Readiness.Check, at: Date)?>(nil)

    /// Drops the cached check, so the next call makes a fresh one.
    func forget() {
        cached.withLock { $0 = nil }
    }

    /// The cached check if younger than `maximumAge`, else a fresh one from `make` (run under the
    /// lock, so concurrent callers share one check instead of each repeating it).
    func value(maximumAge: TimeInterval, make: () -> Readiness.Check) -> Readiness.Check {
        cached.withLock { cached in
            if let cached, Date().timeIntervalSince(cached.at) < maximumAge { return cached.check }
            let fresh = make()
            cached = (fresh, Date())
            return fresh
        }
    }
}
