import APNs
import Foundation
import Storage

/// The workspace's APNs credentials: checked on upload, sealed under the `SealingKey` before
/// they reach the database, described in the clear (Key ID, team, scope, topics, expiry, who
/// added it) and opened only to send. Nothing here returns or logs a secret: the description
/// is all a page, an answer, a log line or the audit trail can get.
public struct CredentialVault: Sendable {
    let store: APNsCredentialStore
    /// The data directory, where the key file lives (unless the service manager gives it).
    public let dataDirectory: String
    let environment: [String: String]

    /// The vault of `store`, sealing with the key of `dataDirectory`.
    public init(
        store: APNsCredentialStore, dataDirectory: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.store = store
        self.dataDirectory = dataDirectory
        self.environment = environment
    }

    /// Checks `upload`, seals it and stores it, recorded as added by `author`. Errors are at their
    /// field; a Key ID stored already is an error at `keyID`.
    public func add(_ upload: CredentialUpload, by author: String, now: Date = Date())
        throws(CredentialVaultError)
        -> StoredAPNsCredential
    {
        let credential: APNsCredential
        do {
            credential = try upload.credential(now: now)
        } catch {
            throw .field(error.field, error.message)
        }
        let key: SealingKey
        do {
            key = try SealingKey.existingOrCreated(dataDirectory: dataDirectory, environment: environment)
        } catch {
            throw .sealingKey(error.description)
        }
        let record: StoredAPNsCredential
        switch credential {
        case .token(let token):
            record = StoredAPNsCredential(
                kind: "token", format: upload.format, keyID: token.keyID, teamID: token.teamID,
                environments: token.scope.environments.rawValue, bundleID: token.scope.bundleID, topics: [],
                subject: nil, expiresAt: nil, sealedSecret: key.seal(upload.sealedBytes),
                sealingKey: key.fingerprint, createdBy: author)
        case .certificate(let certificate):
            record = StoredAPNsCredential(
                kind: "certificate", format: upload.format, keyID: nil, teamID: nil,
                environments: certificate.environments.rawValue, bundleID: nil, topics: certificate.topics,
                subject: certificate.subject, expiresAt: CalendarDay.text(certificate.expires),
                sealedSecret: key.seal(upload.sealedBytes), sealingKey: key.fingerprint, createdBy: author)
        }
        do {
            guard let stored = try store.add(record, at: now) else {
                throw CredentialVaultError.field(
                    "keyID",
                    "A key with the Key ID \(record.keyID ?? "") is stored already: remove it first to replace it."
                )
            }
            return stored
        } catch let error as CredentialVaultError {
            throw error
        } catch {
            throw .storage("\(error)")
        }
    }

    /// Every stored credential's description, oldest first.
    public func list() throws -> [StoredAPNsCredential] {
        try store.all()
    }

    /// The stored credential `id` (or Key ID), nil when there is none.
    public func described(_ id: String) throws -> StoredAPNsCredential? {
        try store.credential(id)
    }

    /// Removes the credential `id` (or Key ID); answers its description, nil when there was none.
    public func remove(_ id: String) throws -> StoredAPNsCredential? {
        try store.remove(id)
    }

    /// The credential of `stored`, opened and read again to send with. A lost or replaced key
    /// file, a changed box or a credential that no longer reads is an error saying which and what
    /// to do, never a crash.
    public func open(_ stored: StoredAPNsCredential, now: Date = Date()) throws(CredentialVaultError)
        -> APNsCredential
    {
        let key: SealingKey?
        do {
            key = try SealingKey.existing(dataDirectory: dataDirectory, environment: environment)
        } catch {
            throw .sealingKey(error.description)
        }
        let name = stored.displayName
        guard let key else {
            throw .unreadable(
                name,
                "The secret key file (\(SealingKey.location(dataDirectory: dataDirectory, environment: environment))) "
                    + "is missing, so the stored APNs credential \(name) cannot be read. Restore the file from a "
                    + "backup, or remove the credential and add it again.")
        }
        guard let plaintext = key.open(stored.sealedSecret) else {
            let why =
                key.fingerprint == stored.sealingKey
                ? "its sealed copy was changed"
                : "it was sealed with another secret key than \(key.path) holds now"
            throw .unreadable(
                name,
                "The stored APNs credential \(name) cannot be read: \(why). Restore the key file from a backup, or "
                    + "remove the credential and add it again.")
        }
        let scope = APNsKeyScope(
            environments: APNsKeyScope.Environments(rawValue: stored.environments) ?? .both,
            bundleID: stored.bundleID)
        guard
            let upload = CredentialUpload.reading(
                plaintext, keyID: stored.keyID, teamID: stored.teamID, scope: scope)
        else {
            throw .unreadable(
                name, "The stored APNs credential \(name) is not in a form this version reads: add it again.")
        }
        do {
            // Opened for sending, an expiring certificate still sends: the doctor warns about it.
            return try upload.credential(now: .distantPast)
        } catch {
            throw .unreadable(
                name, "The stored APNs credential \(name) no longer reads (\(error.message)): add it again.")
        }
    }
}

/// Why a credential could not be added or opened.
public enum CredentialVaultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An upload field was refused: the field (`key`, `keyID`, `teamID`, `scope`, `certificate`,
    /// `password`) and why.
    case field(String, String)
    /// The sealing key file could not be read or created.
    case sealingKey(String)
    /// A stored credential (named by its Key ID or subject) cannot be opened, and why.
    case unreadable(String, String)
    /// The database refused the write.
    case storage(String)

    /// One sentence for a page, the API or the terminal.
    public var description: String {
        switch self {
        case .field(_, let message): message
        case .sealingKey(let message): "The secret key file cannot be used: \(message)."
        case .unreadable(_, let message): message
        case .storage(let message): message
        }
    }
}
