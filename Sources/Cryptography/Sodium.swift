import CSodium

/// The libsodium calls Pushboard makes, in one place: this module is the only one importing
/// `CSodium` (one C module, one importer). Access hashes passwords and stores session and token
/// hashes with it; the media check names image copies by their SHA-256. `sodium_init` is
/// idempotent and thread-safe; the lazily initialised constant runs it once before the first use.
public enum Sodium {
    static let initialised: Bool = sodium_init() >= 0

    /// `count` bytes from the system's cryptographic generator.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        precondition(initialised, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { randombytes_buf(base, count) }
        }
        return bytes
    }

    /// The SHA-256 of `bytes`, as lowercase hex: how session ids and token secrets are stored (a
    /// fast hash is right there: both are 256 random bits, so there is nothing to guess), and how
    /// cached image copies are named (a name no one can collide, so one image cannot stand in for
    /// another in someone else's preview). The one SHA-256: libsodium's, already linked.
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        precondition(initialised, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: Int(csodium_sha256_bytes()))
        _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return hex(digest)
    }

    /// Whether two byte strings are equal, in time that does not depend on where they differ.
    public static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return sodium_memcmp(lhs, rhs, lhs.count) == 0
    }

    /// The HMAC-SHA-512-256 of `message` under `key` (`crypto_auth`, 32 bytes): the signature of
    /// device cookies and the keyed hash of unknown user names.
    public static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        precondition(initialised, "libsodium failed to initialise")
        precondition(key.count == authenticationKeyLength, "an access key has crypto_auth_KEYBYTES bytes")
        var tag = [UInt8](repeating: 0, count: crypto_auth_bytes())
        _ = crypto_auth(&tag, message, UInt64(message.count), key)
        return tag
    }

    /// The length of a key for `authenticate(_:key:)` (`crypto_auth_KEYBYTES`).
    public static var authenticationKeyLength: Int { crypto_auth_keybytes() }

    /// Lowercase hex of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }

    /// libsodium's Argon2id string hash (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`) of `password`
    /// at the given cost, or nil when libsodium could not allocate its memory. The cost is the
    /// caller's policy (`PasswordHasher`).
    public static func argon2idHash(_ password: String, operations: UInt64, memory: Int) -> String? {
        precondition(initialised, "libsodium failed to initialise")
        var output = [CChar](repeating: 0, count: csodium_pwhash_strbytes())
        // The C string carries every byte of the password (embedded NULs too); the length is given.
        let code = crypto_pwhash_str_alg(
            &output, password, UInt64(password.utf8.count), operations, memory, csodium_pwhash_alg_argon2id())
        guard code == 0 else { return nil }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches the Argon2id string `hash`. A malformed hash never matches.
    public static func argon2idVerify(_ password: String, against hash: String) -> Bool {
        precondition(initialised, "libsodium failed to initialise")
        return crypto_pwhash_str_verify(hash, password, UInt64(password.utf8.count)) == 0
    }
}
