import CSodium

/// Secret-key authenticated encryption (`crypto_secretbox`, XSalsa20-Poly1305): how the APNs
/// keys and certificates of a workspace are kept at rest. A sealed box is the random nonce
/// followed by the ciphertext and its tag, so one value is all a caller stores; opening checks
/// the tag, so a box sealed under another key, or changed by one bit, opens to nothing.
extension Sodium {
    /// The length of a key for `seal(_:key:)` (`crypto_secretbox_KEYBYTES`, 32).
    public static var secretBoxKeyLength: Int { csodium_secretbox_keybytes() }

    /// How many bytes sealing adds to the plaintext: the nonce and the tag.
    public static var secretBoxOverhead: Int { csodium_secretbox_noncebytes() + csodium_secretbox_macbytes() }

    /// `plaintext` sealed under `key`, with a fresh random nonce in front.
    public static func seal(_ plaintext: [UInt8], key: [UInt8]) -> [UInt8] {
        precondition(key.count == secretBoxKeyLength, "a secret box key has crypto_secretbox_KEYBYTES bytes")
        let nonce = randomBytes(csodium_secretbox_noncebytes())
        var box = [UInt8](repeating: 0, count: plaintext.count + csodium_secretbox_macbytes())
        _ = crypto_secretbox_easy(&box, plaintext, UInt64(plaintext.count), nonce, key)
        return nonce + box
    }

    /// The plaintext of a box `seal(_:key:)` made under `key`, or nil when the box is too short,
    /// was sealed under another key, or was changed.
    public static func open(_ sealed: [UInt8], key: [UInt8]) -> [UInt8]? {
        precondition(initialised, "libsodium failed to initialise")
        guard key.count == secretBoxKeyLength, sealed.count >= secretBoxOverhead else { return nil }
        let nonceLength = csodium_secretbox_noncebytes()
        let nonce = Array(sealed.prefix(nonceLength))
        let box = Array(sealed.dropFirst(nonceLength))
        var plaintext = [UInt8](repeating: 0, count: box.count - csodium_secretbox_macbytes())
        guard crypto_secretbox_open_easy(&plaintext, box, UInt64(box.count), nonce, key) == 0 else {
            return nil
        }
        return plaintext
    }
}
