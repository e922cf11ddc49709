import CCrypto
import Foundation

/// Whether the trust store a send uses holds the root APNs' servers chain to since 2025 (the
/// USERTrust RSA Certification Authority): without it the TLS handshake fails before any reason.
public struct APNsTrustStore: Sendable {
    /// The subject common name of the root.
    static let rootName = "USERTrust RSA Certification Authority"

    /// Whether the store holds the root.
    public var hasAPNsRoot: Bool
    /// Where the certificates were read from, for the doctor's message.
    public var source: String

    public init(hasAPNsRoot: Bool, source: String) {
        self.hasAPNsRoot = hasAPNsRoot
        self.source = source
    }

    /// The system's store: libcrypto's default bundle file (on Debian the one the
    /// `ca-certificates` package writes), else Debian's path.
    public static func system() -> APNsTrustStore {
        let defaultFile = String(cString: X509_get_default_cert_file())
        let candidates = [defaultFile, "/etc/ssl/certs/ca-certificates.crt"]
        let file = candidates.first { FileManager.default.fileExists(atPath: $0) } ?? defaultFile
        return reading(bundle: file)
    }

    /// The store in a PEM bundle file (the system's, or a test's).
    public static func reading(bundle path: String) -> APNsTrustStore {
        guard let data = FileManager.default.contents(atPath: path) else {
            return APNsTrustStore(hasAPNsRoot: false, source: path)
        }
        return APNsTrustStore(hasAPNsRoot: holdsRoot(Array(data)), source: path)
    }

    /// Whether any certificate of the bundle has the root's subject.
    private static func holdsRoot(_ bundle: [UInt8]) -> Bool {
        LibCrypto.clearErrors()
        defer { LibCrypto.clearErrors() }
        return LibCrypto.withInput(bundle) { bio -> Bool in
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                defer { X509_free(certificate) }
                if CertificateFacts(certificate).subject.contains("CN=\(rootName)") { return true }
            }
            return false
        } ?? false
    }
}
