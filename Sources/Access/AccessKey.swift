import Cryptography
import Foundation

/// The server's own secret: it signs device cookies (`DeviceCookie`) and keys the hash that
/// stands for a user name nobody has (`AccessControl.auditName(forUnknown:)`), so neither can be
/// forged or reversed by someone who reads the database or the audit trail.
///
/// Kept in a file of its own beside the database (`access.key`, readable by its owner only),
/// not in it: a leaked backup of the database then holds no key, and a restart keeps the
/// device cookies people already hold.
public struct AccessKey: Sendable {
    /// The key's file name inside the data directory.
    public static let fileName = "access.key"
    /// 32 random bytes (`crypto_auth_KEYBYTES`).
    static let byteCount = 32

    let bytes: [UInt8]

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A fresh key that lives as long as the process (tests, and stores without a directory).
    public static func ephemeral() -> AccessKey {
        AccessKey(bytes: Sodium.randomBytes(byteCount))
    }

    /// The key in `directory/access.key`, created (mode 0600, written in full before it is
    /// used) when missing. A file of the wrong size is an error naming it, never replaced: it may
    /// be another program's.
    public static func stored(in directory: String) throws -> AccessKey {
        let path = (directory as NSString).appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == byteCount else {
                throw AccessKeyError(path: path, message: "holds \(data.count) bytes, not \(byteCount)")
            }
            return AccessKey(bytes: Array(data))
        }
        let key = ephemeral()
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(key.bytes), attributes: [.posixPermissions: 0o600])
        else { throw AccessKeyError(path: path, message: "cannot be created") }
        // link(2) fails when another process created the key meanwhile: then theirs is used.
        let linked = link(temporary, path) == 0
        unlink(temporary)
        return linked ? key : try stored(in: directory)
    }

    /// The MAC of `message` under this key, as lowercase hex (HMAC-SHA-512-256, `crypto_auth`).
    func mac(_ message: String) -> String {
        Sodium.hex(Sodium.authenticate(Array(message.utf8), key: bytes))
    }
}

/// The key file could not be read or created.
public struct AccessKeyError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let message: String

    /// "PATH: MESSAGE".
    public var description: String { "\(path): \(message)" }
}
