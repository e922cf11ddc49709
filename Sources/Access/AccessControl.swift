import Concurrency
import Cryptography
import Foundation
import Storage

/// Users, sessions and API tokens: every rule about who may come in lives here, over the rows
/// of `AccessStore`. Safe to call from any thread.
public struct AccessControl: Sendable {
    /// Where users, sessions and tokens are stored.
    public let store: AccessStore
    /// How long sessions last.
    public let sessions: SessionPolicy
    /// Slows password guessing, counting in the database (`throttle` at `init` is its policy).
    public let throttle: LoginThrottle
    /// Signs device cookies and keys the hash of unknown names.
    let key: AccessKey
    /// Whether there are users, kept until the database changes: asked on every request of a
    /// loopback dashboard, where a query each time cost more than answering `/healthz`.
    private let userPresence: GenerationCache<Bool>

    /// The outcome of a login attempt.
    public enum LoginResult: Sendable, Equatable {
        /// Logged in: `secret` goes into the session cookie; `principal` is who it is; `device`
        /// is the device cookie to set (the one presented, or a new one).
        case success(secret: Secret, principal: Principal, device: DeviceCookie)
        /// Wrong name or password (never saying which).
        case refused
        /// Too many failures: try again after this many seconds.
        case slowed(retryAfter: Int)
    }

    /// Access over `store`; `key` should be the data directory's (`AccessKey.stored(in:)`) so
    /// that device cookies outlive a restart.
    public init(
        store: AccessStore, sessions: SessionPolicy = SessionPolicy(),
        throttle: LoginThrottle.Policy = LoginThrottle.Policy(), key: AccessKey = .ephemeral()
    ) {
        self.store = store
        self.sessions = sessions
        self.throttle = LoginThrottle(policy: throttle, store: LoginThrottleStore(database: store.database))
        self.key = key
        self.userPresence = GenerationCache(database: store.database)
    }

    /// Whether anyone can log in at all; with no users a loopback dashboard runs open.
    ///
    /// Counted again only after the database changed (`Database.changeGeneration()`): a user
    /// added by this process closes the open mode for the very next request, one added by
    /// `pushboard users add` within the change check interval (1 ms) plus the time one check
    /// takes (`Database.changeGeneration()`).
    public func hasUsers() throws -> Bool {
        try userPresence.value { _ in try store.userCount() > 0 }
    }

    /// Whether an admin exists; a dashboard bound beyond loopback needs one to start.
    public func hasAdmin() throws -> Bool {
        try store.userCount(role: Role.admin.rawValue) > 0
    }

    // MARK: Users

    /// Adds a user with a checked name and password.
    public func addUser(name: String, role: Role, password: String, now: Date = Date()) throws {
        try AccessError.checkName(name)
        try AccessError.checkPassword(password)
        guard let hash = PasswordHasher.hash(password) else { throw AccessError.hashingFailed }
        guard try store.addUser(name: name, role: role.rawValue, passwordHash: hash, at: now) else {
            throw AccessError.exists(name)
        }
    }

    /// Throws what `addUser` would for `name` (an invalid name, one that exists) without a
    /// password, so the command line can say so before asking for one.
    public func checkNewUser(name: String) throws {
        try AccessError.checkName(name)
        if try users().contains(where: { $0.name == name }) { throw AccessError.exists(name) }
    }

    /// Throws what `setPassword` would for a user that does not exist, before a password is
    /// asked for.
    public func checkExistingUser(name: String) throws {
        guard try users().contains(where: { $0.name == name }) else { throw AccessError.notFound(name) }
    }

    /// Every user with their role (unknown roles in the file read as viewer, the least).
    public func users() throws -> [(name: String, role: Role, createdAt: String)] {
        try store.users().map { ($0.name, Role(rawValue: $0.role) ?? .viewer, $0.createdAt) }
    }

    /// Removes a user and their sessions; refuses to remove the last admin.
    public func removeUser(name: String) throws {
        guard let user = try store.user(named: name) else { throw AccessError.notFound(name) }
        if user.role == Role.admin.rawValue, try store.userCount(role: Role.admin.rawValue) <= 1 {
            throw AccessError.lastAdmin
        }
        guard try store.removeUser(named: name) else { throw AccessError.notFound(name) }
    }

    /// Changes a user's role; refuses to demote the last admin.
    public func setRole(name: String, role: Role, now: Date = Date()) throws {
        guard let user = try store.user(named: name) else { throw AccessError.notFound(name) }
        if user.role == Role.admin.rawValue, role != .admin,
            try store.userCount(role: Role.admin.rawValue) <= 1
        {
            throw AccessError.lastAdmin
        }
        _ = try store.setRole(role.rawValue, forUser: name, at: now)
    }

    // MARK: Sessions

    /// Checks a password and opens a session. Unknown names cost the same Argon2id work as
    /// known ones, so timing does not tell which names exist. `device` is the client's device
    /// cookie (`device(inCookieHeader:)`): when it was issued for `name`, only that device's own
    /// failures can slow the attempt.
    public func logIn(
        name: String, password: String, client: String, device: DeviceCookie? = nil, now: Date = Date()
    ) throws -> LoginResult {
        let known = device.flatMap { $0.account == name ? $0 : nil }
        let attempt: LoginThrottle.Attempt =
            known.map { .knownDevice($0.device) } ?? .stranger(account: name, address: client)
        if let wait = try throttle.admit(attempt, now: now) {
            return .slowed(retryAfter: Int(wait))
        }
        let user = try store.user(named: name)
        let hash = user?.passwordHash ?? Self.decoyHash
        let matches =
            password.utf8.count <= 4 * PasswordHasher.maximumLength
            && PasswordHasher.verify(password, against: hash)
        guard let user, matches else { return .refused }
        try throttle.recordSuccess(attempt)
        let secret = Secret.generate()
        try store.addSession(idHash: secret.storedHash, user: user.name, at: now)
        let principal = Principal(
            name: user.name, role: Role(rawValue: user.role) ?? .viewer,
            kind: .session(csrfToken: Self.csrfToken(for: secret)))
        return .success(
            secret: secret, principal: principal, device: known ?? .issue(for: user.name, key: key))
    }

    /// The device cookie in a `Cookie` header, when it carries this server's signature.
    public func device(inCookieHeader header: String) -> DeviceCookie? {
        DeviceCookie.verified(inCookieHeader: header, key: key)
    }

    /// How the audit trail names the account a failed login tried: the name when the account
    /// exists, otherwise `unknown user (hash …)`, a keyed hash, so a password typed into the name
    /// field never reaches the trail while repeated tries of one name still read alike.
    public func auditName(forAttempted name: String) throws -> String {
        if try store.user(named: name) != nil { return name }
        return "unknown user (hash \(key.mac("pushboard-unknown-name:" + name).prefix(16)))"
    }

    /// Who the session cookie belongs to, or nil when it is unknown or expired (an expired one is
    /// deleted when the write lock is free). Activity is recorded at most once per
    /// `touchInterval`, and only when the write lock is free: a read never waits for it.
    public func principal(forSession secret: Secret, now: Date = Date()) throws -> Principal? {
        let hash = secret.storedHash
        guard let session = try store.session(idHash: hash) else { return nil }
        let cutoffs = sessions.expiryCutoffs(now: now)
        guard session.createdAt > cutoffs.created, session.lastSeenAt > cutoffs.lastSeen else {
            try store.removeExpiredSession(idHash: hash)
            return nil
        }
        if session.lastSeenAt < AccessStore.timestamp(now.addingTimeInterval(-sessions.touchInterval)) {
            try store.touchSession(idHash: hash, at: now)
        }
        return Principal(
            name: session.userName, role: Role(rawValue: session.role) ?? .viewer,
            kind: .session(csrfToken: Self.csrfToken(for: secret)))
    }

    /// Deletes every expired session (the periodic pruning); answers how many.
    public func removeExpiredSessions(now: Date = Date()) throws -> Int {
        let cutoffs = sessions.expiryCutoffs(now: now)
        return try store.removeExpiredSessions(
            createdBefore: cutoffs.created, lastSeenBefore: cutoffs.lastSeen)
    }

    /// Ends the session (logout).
    public func logOut(session secret: Secret) throws {
        try store.removeSession(idHash: secret.storedHash)
    }

    /// The session's CSRF token: derived from the session secret, so it needs no storage, is
    /// different for every session, and cannot be computed from what the database holds.
    public static func csrfToken(for secret: Secret) -> String {
        String(Sodium.sha256Hex(Array(("pushboard-csrf:" + secret.text).utf8)).prefix(43))
    }

    /// Whether `sent` is the CSRF token `principal` must send, compared in constant time.
    public static func isValidCSRFToken(_ sent: String?, for principal: Principal) -> Bool {
        guard let expected = principal.csrfToken else { return true }
        guard let sent else { return false }
        return Sodium.constantTimeEqual(Array(sent.utf8), Array(expected.utf8))
    }

    /// A real Argon2id string of a random password, for unknown user names.
    private static let decoyHash: String = PasswordHasher.hash(Secret.generate().text) ?? "$argon2id$invalid"
}
