import CCrypto

/// ECDSA P-256 with SHA-256 as JWS wants it (RFC 7518 §3.4): the signature is the raw `r || s`,
/// each 32 bytes, not the DER structure libcrypto writes.
enum ES256 {
    /// The 64-byte signature of `message`, nil if libcrypto fails.
    static func sign(_ message: [UInt8], with key: PrivateKey) -> [UInt8]? {
        let der: [UInt8]? = key.locked {
            guard let context = EVP_MD_CTX_new() else { return nil }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else { return nil }
            var length = 0
            return message.withUnsafeBytes { input -> [UInt8]? in
                let data = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
                guard EVP_DigestSign(context, nil, &length, data, input.count) == 1 else { return nil }
                var signature = [UInt8](repeating: 0, count: length)
                guard EVP_DigestSign(context, &signature, &length, data, input.count) == 1 else { return nil }
                return Array(signature.prefix(length))
            }
        }
        return der.flatMap(raw(fromDER:))
    }

    /// Whether `signature` (raw `r || s`) signs `message` for the public half of `key`: what
    /// APNs checks, used by the tests to hold the tokens to it.
    static func verify(_ signature: [UInt8], of message: [UInt8], with key: PrivateKey) -> Bool {
        guard let der = der(fromRaw: signature) else { return false }
        return key.locked {
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else {
                return false
            }
            return message.withUnsafeBytes { input in
                EVP_DigestVerify(
                    context, der, der.count, input.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    input.count)
                    == 1
            }
        }
    }

    /// `r || s` from a DER `ECDSA-Sig-Value`.
    private static func raw(fromDER der: [UInt8]) -> [UInt8]? {
        der.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var cursor = buffer.baseAddress
            guard let signature = d2i_ECDSA_SIG(nil, &cursor, buffer.count) else { return nil }
            defer { ECDSA_SIG_free(signature) }
            var r: OpaquePointer?
            var s: OpaquePointer?
            ECDSA_SIG_get0(signature, &r, &s)
            var out = [UInt8](repeating: 0, count: 64)
            let ok = out.withUnsafeMutableBufferPointer { bytes in
                BN_bn2binpad(r, bytes.baseAddress, 32) == 32
                    && BN_bn2binpad(s, bytes.baseAddress! + 32, 32) == 32
            }
            return ok ? out : nil
        }
    }

    /// A DER `ECDSA-Sig-Value` from `r || s`.
    private static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard raw.count == 64, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = BN_bin2bn(raw, 32, nil)
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_ECDSA_SIG(signature, &output)
        guard count > 0, let output else { return nil }
        defer { ccrypto_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }
}
