import CCrypto

/// A token-signing key: the `.p8` file Apple lets you download once (PKCS#8 PEM, an
/// elliptic-curve P-256 key), its Key ID and the Team ID, and the scope Apple issued it with.
/// The key's bytes are read into libcrypto at once and never kept as text.
public struct APNsTokenKey: Sendable {
    /// The key's 10-character identifier (the `kid` of every provider token).
    public let keyID: String
    /// The team's 10-character identifier (the `iss` of every provider token).
    public let teamID: String
    /// What the key may be used for.
    public let scope: APNsKeyScope
    /// The key as libcrypto holds it.
    let signingKey: PrivateKey
    /// SHA-256 of the public key, hex: tells two keys with the same Key ID apart in the token
    /// cache (a key uploaded again) without exposing the key.
    let fingerprint: String

    /// Reads and checks the key; each problem is an error at its own field.
    public init(p8: [UInt8], keyID: String, teamID: String, scope: APNsKeyScope = APNsKeyScope())
        throws(APNsCredentialError)
    {
        if let problem = AppleIdentifier.problem(keyID, name: "Key ID") {
            throw APNsCredentialError(field: "keyID", message: problem)
        }
        if let problem = AppleIdentifier.problem(teamID, name: "Team ID") {
            throw APNsCredentialError(field: "teamID", message: problem)
        }
        if let bundleID = scope.bundleID, !BundleIdentifier.isValid(bundleID) {
            throw APNsCredentialError(
                field: "scope",
                message: "the key's bundle ID must be letters, digits, '.' and '-' (such as com.example.app)")
        }
        let key = try Self.read(p8)
        self.keyID = keyID
        self.teamID = teamID
        self.scope = scope
        self.signingKey = key
        self.fingerprint = LibCrypto.hex(LibCrypto.sha256(key.publicKeyDER))
    }

    /// The P-256 key in a `.p8` text, or the `key` field's error saying what the file is instead.
    static func read(_ bytes: [UInt8]) throws(APNsCredentialError) -> PrivateKey {
        func fail(_ message: String) -> APNsCredentialError {
            APNsCredentialError(field: "key", message: message)
        }
        guard !bytes.isEmpty else { throw fail("the .p8 file is empty") }
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        guard text.contains("-----BEGIN PRIVATE KEY-----") else {
            if text.contains("-----BEGIN EC PRIVATE KEY-----") {
                throw fail(
                    "this is a traditional EC key, not the .p8 file Apple issues (-----BEGIN PRIVATE KEY-----); "
                        + "convert it with: openssl pkcs8 -topk8 -nocrypt")
            }
            if text.contains("-----BEGIN CERTIFICATE-----") {
                throw fail("this is a certificate, not a key: upload it as a certificate (.p12 or PEM)")
            }
            if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
                throw fail("this key is encrypted; Apple's .p8 files are not: upload the file as downloaded")
            }
            throw fail("not a .p8 key: the file must be PEM text starting -----BEGIN PRIVATE KEY-----")
        }
        LibCrypto.clearErrors()
        guard let key = PrivateKey.readPEM(bytes) else {
            LibCrypto.clearErrors()
            throw fail("the .p8 file's key could not be read: it is damaged or cut short")
        }
        guard EVP_PKEY_get_base_id(key.pointer) == EVP_PKEY_EC else {
            throw fail("the key is not an elliptic-curve key; APNs keys are P-256 (ES256) keys")
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key.pointer, &name, name.count, &length) == 1,
            String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1"
        else {
            throw fail("the key is not on the P-256 curve that APNs keys (ES256) use")
        }
        return key
    }
}

/// A bundle ID's shape, for key scopes and topics.
enum BundleIdentifier {
    static func isValid(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 255
            && value.utf8.allSatisfy {
                (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
                    || $0 == 0x2E || $0 == 0x2D
            }
    }
}
