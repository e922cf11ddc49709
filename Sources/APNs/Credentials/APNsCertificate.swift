import CCrypto
public import Foundation
import HTTPClient

/// A certificate-based credential: a `.p12` with its password or a PEM text holding the
/// certificate and its key. Its topics, environments and expiry are read from the certificate
/// itself; the key stays in memory, handed to libcurl as the TLS client identity.
public struct APNsCertificate: Sendable {
    /// The topics the certificate may push to (its APNs topic extension, else the subject's UID).
    public let topics: [String]
    /// When the certificate stops working (its notAfter).
    public let expires: Date
    /// The certificate's subject, one line (RFC 2253), for lists and messages.
    public let subject: String
    /// The environments it is valid in, read from Apple's extensions (or its common name).
    public let environments: APNsKeyScope.Environments
    /// The certificate and key as PEM, libcurl's TLS client identity.
    let identity: HTTPClientRequest.ClientCertificate
    /// SHA-256 of the certificate, hex: one kept-alive connection per identity and host.
    let fingerprint: String

    /// Reads a `.p12` (PKCS#12) file: a wrong password is an error at `password`, a file that
    /// is not a `.p12` or holds no key an error at `certificate`.
    public init(p12: [UInt8], password: String) throws(APNsCredentialError) {
        func fail(_ message: String) -> APNsCredentialError {
            APNsCredentialError(field: "certificate", message: message)
        }
        guard !p12.isEmpty else { throw fail("the .p12 file is empty") }
        _ = Self.legacyAlgorithms
        LibCrypto.clearErrors()
        defer { LibCrypto.clearErrors() }
        let parsed = LibCrypto.withInput(p12) { bio in d2i_PKCS12_bio(bio, nil) }
        guard let bundle = parsed else {
            throw fail("not a .p12 file: export the certificate with its key from Keychain Access as .p12")
        }
        defer { PKCS12_free(bundle) }
        guard PKCS12_verify_mac(bundle, password, Int32(password.utf8.count)) == 1 else {
            throw APNsCredentialError(field: "password", message: "this password does not open the .p12 file")
        }
        var key: OpaquePointer?
        var certificate: OpaquePointer?
        var extra: OpaquePointer?
        guard PKCS12_parse(bundle, password, &key, &certificate, &extra) == 1 else {
            throw fail("the .p12 file could not be read (damaged, or an encryption this system cannot read)")
        }
        ccrypto_free_x509_stack(extra)
        let owned = key.map(PrivateKey.init(taking:))
        guard let certificate else { throw fail("the .p12 file holds no certificate") }
        defer { X509_free(certificate) }
        guard let owned else {
            throw fail("the .p12 file holds no private key: export the certificate together with its key")
        }
        self = try APNsCertificate(x509: certificate, key: owned)
    }

    /// Reads a PEM text holding the certificate and its unencrypted private key.
    public init(pem: [UInt8]) throws(APNsCredentialError) {
        func fail(_ message: String) -> APNsCredentialError {
            APNsCredentialError(field: "certificate", message: message)
        }
        let text = String(decoding: pem.prefix(256 * 1024), as: UTF8.self)
        guard text.contains("-----BEGIN CERTIFICATE-----") else {
            throw fail("not a PEM certificate: the text must hold -----BEGIN CERTIFICATE----- and the key")
        }
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
            throw fail("the key in the PEM is encrypted: export it without a passphrase (openssl … -nodes)")
        }
        LibCrypto.clearErrors()
        defer { LibCrypto.clearErrors() }
        guard let certificate = LibCrypto.withInput(pem, { bio in PEM_read_bio_X509(bio, nil, nil, nil) })
        else {
            throw fail("the PEM certificate could not be read: it is damaged or cut short")
        }
        defer { X509_free(certificate) }
        guard let key = PrivateKey.readPEM(pem) else {
            throw fail(
                "the PEM holds no private key: put the certificate and its key in one file "
                    + "(openssl pkcs12 -in cert.p12 -out cert.pem -nodes)")
        }
        self = try APNsCertificate(x509: certificate, key: key)
    }

    /// The facts of `x509` and the identity libcurl presents.
    private init(x509: OpaquePointer, key: PrivateKey) throws(APNsCredentialError) {
        func fail(_ message: String) -> APNsCredentialError {
            APNsCredentialError(field: "certificate", message: message)
        }
        guard X509_check_private_key(x509, key.pointer) == 1 else {
            throw fail("the private key does not belong to this certificate")
        }
        let facts = CertificateFacts(x509)
        guard let certificatePEM = facts.pem, let keyPEM = key.pem else {
            throw fail("the certificate could not be prepared for TLS")
        }
        guard let expires = facts.notAfter else { throw fail("the certificate has no readable expiry date") }
        topics = facts.topics
        self.expires = expires
        subject = facts.subject
        environments = facts.environments
        identity = HTTPClientRequest.ClientCertificate(certificatePEM: certificatePEM, keyPEM: keyPEM)
        fingerprint = LibCrypto.hex(LibCrypto.sha256(facts.der))
    }

    /// OpenSSL 3 keeps the RC2 and 3DES ciphers older Keychain exports use in its "legacy"
    /// provider; loaded once, beside the default one, before the first `.p12` is read.
    private static let legacyAlgorithms: Bool = {
        _ = OSSL_PROVIDER_load(nil, "default")
        return OSSL_PROVIDER_load(nil, "legacy") != nil
    }()
}
