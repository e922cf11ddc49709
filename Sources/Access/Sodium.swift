import CSodium

/// The libsodium calls Access needs, in one place. `sodium_init` is idempotent and thread-safe;
/// the lazily initialised constant runs it once before the first use.
enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    /// `count` bytes from the system's cryptographic generator.
    static func randomBytes(_ count: Int) -> [UInt8] {
        precondition(initialised, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { randombytes_buf(base, count) }
        }
        return bytes
    }

    /// The SHA-256 of `bytes`, as lowercase hex: how session ids and token secrets are stored.
    /// A fast hash is right here: both are 256 random bits, so there is nothing to guess.
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        precondition(initialised, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: Int(csodium_sha256_bytes()))
        _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return hex(digest)
    }

    /// Whether two byte strings are equal, in time that does not depend on where they differ.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return sodium_memcmp(lhs, rhs, lhs.count) == 0
    }

    /// The HMAC-SHA-512-256 of `message` under `key` (`crypto_auth`, 32 bytes): the signature of
    /// device cookies and the keyed hash of unknown user names.
    static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        precondition(initialised, "libsodium failed to initialise")
        precondition(key.count == crypto_auth_keybytes(), "an access key has crypto_auth_KEYBYTES bytes")
        var tag = [UInt8](repeating: 0, count: crypto_auth_bytes())
        _ = crypto_auth(&tag, message, UInt64(message.count), key)
        return tag
    }

    /// Lowercase hex of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
