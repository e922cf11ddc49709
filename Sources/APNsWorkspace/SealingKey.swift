import Cryptography
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The key that seals the workspace's APNs keys and certificates at rest (`crypto_secretbox`).
///
/// It never sits in the database: a copied database file or backup then holds only sealed
/// boxes. When the service manager hands the process a credential
/// (`$CREDENTIALS_DIRECTORY/pushboard-secret-key`, systemd's `LoadCredential=`) that is the key;
/// otherwise it is `secret.key` in the data directory, created on the first seal with mode 0600
/// from its first byte (open(2) with `O_EXCL` and the mode, never a chmod afterwards, so it is
/// never readable by others even for a moment) and linked into place only once written in full.
public struct SealingKey: Sendable {
    /// The key file's name inside the data directory.
    public static let fileName = "secret.key"
    /// The credential's name in `$CREDENTIALS_DIRECTORY`.
    public static let credentialName = "pushboard-secret-key"

    /// The key's bytes (32).
    let bytes: [UInt8]
    /// Where it came from, for messages.
    public let path: String

    /// A short name of the key that is not the key (the first 16 hex digits of its SHA-256),
    /// stored beside each box so a box sealed under a lost key says so.
    public var fingerprint: String { String(Sodium.sha256Hex(bytes).prefix(16)) }

    /// A key held in memory only (tests).
    public static func ephemeral() -> SealingKey {
        SealingKey(bytes: Sodium.randomBytes(Sodium.secretBoxKeyLength), path: "(in memory)")
    }

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Where the key of `directory` is read: the service manager's credential when it gives
    /// one, else the data directory's key file.
    public static func location(
        dataDirectory directory: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            let path = (credentials as NSString).appendingPathComponent(credentialName)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return (directory as NSString).appendingPathComponent(fileName)
    }

    /// The key at `location(dataDirectory:)`, or nil when there is none yet (nothing was ever
    /// sealed, or the file was lost). A file of the wrong size is an error naming it.
    public static func existing(
        dataDirectory directory: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SealingKeyError) -> SealingKey? {
        let path = location(dataDirectory: directory, environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SealingKeyError(path: path, message: "cannot be read (check its owner and mode)")
        }
        guard data.count == Sodium.secretBoxKeyLength else {
            throw SealingKeyError(
                path: path, message: "holds \(data.count) bytes, not \(Sodium.secretBoxKeyLength)")
        }
        return SealingKey(bytes: Array(data), path: path)
    }

    /// The existing key, or a new one written to the data directory's key file (mode 0600).
    /// Two processes creating it at once agree on one: the second's link fails and it reads
    /// the first's.
    public static func existingOrCreated(
        dataDirectory directory: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SealingKeyError) -> SealingKey {
        if let key = try existing(dataDirectory: directory, environment: environment) { return key }
        let path = (directory as NSString).appendingPathComponent(fileName)
        let bytes = Sodium.randomBytes(Sodium.secretBoxKeyLength)
        let temporary = path + ".\(UUID().uuidString).tmp"
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SealingKeyError(
                path: path, message: "cannot be created (\(String(cString: strerror(errno))))")
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else {
            unlink(temporary)
            throw SealingKeyError(path: path, message: "cannot be written in full")
        }
        let linked = link(temporary, path) == 0
        unlink(temporary)
        guard linked else {
            guard let key = try existing(dataDirectory: directory, environment: environment) else {
                throw SealingKeyError(
                    path: path, message: "cannot be created (\(String(cString: strerror(errno))))")
            }
            return key
        }
        return SealingKey(bytes: bytes, path: path)
    }

    /// `plaintext` sealed under this key.
    public func seal(_ plaintext: [UInt8]) -> [UInt8] {
        Sodium.seal(plaintext, key: bytes)
    }

    /// The plaintext of `box`, or nil when it was not sealed under this key or was changed.
    public func open(_ box: [UInt8]) -> [UInt8]? {
        Sodium.open(box, key: bytes)
    }
}

/// The sealing key could not be read or created.
public struct SealingKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let message: String

    /// An error about the key at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// "PATH: MESSAGE".
    public var description: String { "\(path): \(message)" }
}
