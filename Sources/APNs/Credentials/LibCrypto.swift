import CCrypto
import Concurrency

/// The few libcrypto plumbing steps every reader here shares: memory BIOs in and out, the
/// error queue, digests. Every pointer stays inside these functions or an owning class.
enum LibCrypto {
    /// Runs `body` with a read-only memory BIO over `bytes`.
    static func withInput<Result>(_ bytes: [UInt8], _ body: (OpaquePointer) -> Result?) -> Result? {
        bytes.withUnsafeBytes { buffer -> Result? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }

    /// What `body` writes into a fresh memory BIO, or nil when it reports failure.
    static func output(_ body: (OpaquePointer) -> Bool) -> [UInt8]? {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(bio) }
        guard body(bio) else { return nil }
        var data: UnsafeMutablePointer<CChar>?
        let count = ccrypto_bio_mem_data(bio, &data)
        guard let data, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: count))
    }

    /// Empties libcrypto's per-thread error queue, so the next reader starts clean.
    static func clearErrors() {
        ERR_clear_error()
    }

    /// SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        return digest
    }

    /// Lower-case hex of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// An `EVP_PKEY` libcrypto read (a .p8 key, a certificate's key), freed with this object. It
/// is never changed after reading; signing takes the lock so no two threads use it at once.
final class PrivateKey: @unchecked Sendable {
    let pointer: OpaquePointer
    private let lock = Locked()

    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads the first private key of a PEM text (PKCS#8 or a traditional form).
    static func readPEM(_ bytes: [UInt8]) -> PrivateKey? {
        LibCrypto.withInput(bytes) { bio in
            PEM_read_bio_PrivateKey(bio, nil, nil, nil).map(PrivateKey.init(taking:))
        }
    }

    /// The key as an unencrypted PKCS#8 PEM text, for libcurl's in-memory client identity.
    var pem: [UInt8]? {
        LibCrypto.output { bio in PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 }
    }

    /// The DER SubjectPublicKeyInfo of the key's public half: what identifies it without
    /// revealing it (a cache key, a test's verifier).
    var publicKeyDER: [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_PUBKEY(pointer, &output)
        guard count > 0, let output else { return [] }
        defer { ccrypto_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }

    /// Runs `body` holding the key's lock.
    func locked<Result>(_ body: () -> sending Result) -> sending Result {
        lock.withLock(body)
    }
}
