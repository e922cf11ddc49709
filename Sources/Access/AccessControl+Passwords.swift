import Foundation
import Storage

extension AccessControl {
    /// The outcome of a user changing their own password.
    public enum PasswordChange: Sendable, Equatable {
        /// Saved; this many of the user's other sessions were ended.
        case changed(endedSessions: Int)
        /// The current password given was wrong; nothing changed.
        case wrongPassword
        /// Too many wrong current passwords: try again after this many seconds.
        case slowed(retryAfter: Int)
    }

    /// Sets a new password (an admin's reset, or `users passwd`) and ends every session of the
    /// user but `keptSession`, the caller's own (so an admin resetting their own password stays
    /// signed in, while a reset of anyone else ends all of theirs). Answers how many ended.
    @discardableResult
    public func setPassword(
        name: String, password: String, keeping keptSession: Secret? = nil, now: Date = Date()
    ) throws -> Int {
        try AccessError.checkPassword(password)
        guard let hash = PasswordHasher.hash(password) else { throw AccessError.hashingFailed }
        guard
            let ended = try store.setPasswordHash(
                hash, forUser: name, at: now, keepingSession: keptSession?.storedHash)
        else { throw AccessError.notFound(name) }
        return ended
    }

    /// A signed-in user changing their own password: `current` must be right (checked like a
    /// login, so a stolen session cannot guess it quickly), the new one must be a valid
    /// password, and every other session of the user ends, while `session`, the one asking,
    /// stays signed in. `client` is the address, for the slow-down.
    public func changeOwnPassword(
        name: String, current: String, new password: String, session: Secret, client: String,
        now: Date = Date()
    ) throws -> PasswordChange {
        try AccessError.checkPassword(password)
        let attempt = LoginThrottle.Attempt.stranger(account: name, address: client)
        if let wait = try throttle.admit(attempt, now: now) {
            return .slowed(retryAfter: Int(wait))
        }
        guard let user = try store.user(named: name) else { throw AccessError.notFound(name) }
        guard current.utf8.count <= 4 * PasswordHasher.maximumLength,
            PasswordHasher.verify(current, against: user.passwordHash)
        else { return .wrongPassword }
        try throttle.recordSuccess(attempt)
        return .changed(
            endedSessions: try setPassword(name: name, password: password, keeping: session, now: now))
    }
}
