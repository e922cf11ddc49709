import Concurrency
import Foundation
import Glibc

extension Database {
    /// How long a `PRAGMA quick_check` result is reused by `readiness(quickCheck:)`: the check
    /// reads the whole file, and a load balancer may ask every second.
    public static let quickCheckCacheSeconds: TimeInterval = 60

    /// The checks of `/readyz`, cheap unless `quickCheck` (then cached for
    /// `quickCheckCacheSeconds`): the data directory and the file are the ones opened at start,
    /// both are writable, and the database was not opened read-only.
    public func readiness(quickCheck: Bool) -> Readiness {
        var checks: [Readiness.Check] = []
        if let openedFiles {
            let change = openedFiles.change()
            checks.append(
                .init(
                    name: "files", passed: change == nil,
                    message: change ?? "\(openedFiles.file) is the file opened at start"))
            checks.append(Self.writability(of: [openedFiles.directory, openedFiles.file]))
        }
        if let readOnlyReason {
            checks.append(.init(name: "writable", passed: false, message: readOnlyReason))
        }
        if quickCheck {
            checks.append(integrityCheckResult())
        }
        return Readiness(checks: checks)
    }

    private static func writability(of paths: [String]) -> Readiness.Check {
        for path in paths where access(path, W_OK) != 0 {
            let reason = String(cString: strerror(errno))
            return .init(name: "writable", passed: false, message: "\(path) is not writable (\(reason))")
        }
        return .init(name: "writable", passed: true, message: "the data directory and the file are writable")
    }

    private func integrityCheckResult() -> Readiness.Check {
        quickCheckCache.value(maximumAge: Self.quickCheckCacheSeconds) {
            do {
                let report = try quickCheck()
                return .init(
                    name: "integrity", passed: report == "ok",
                    message: report == "ok" ? "PRAGMA quick_check: ok" : "PRAGMA quick_check: \(report)")
            } catch {
                return .init(name: "integrity", passed: false, message: "PRAGMA quick_check failed: \(error)")
            }
        }
    }
}

/// The last `quick_check` result and when it was made.
final class QuickCheckCache: Sendable {
    private let cached = Locked<(check: Readiness.Check, at: Date)?>(nil)

    /// The cached check if younger than `maximumAge`, else a fresh one from `make` (run under the
    /// lock, so concurrent callers share one check instead of each reading the whole file).
    func value(maximumAge: TimeInterval, make: () -> Readiness.Check) -> Readiness.Check {
        cached.withLock { cached in
            if let cached, Date().timeIntervalSince(cached.at) < maximumAge { return cached.check }
            let fresh = make()
            cached = (fresh, Date())
            return fresh
        }
    }
}
