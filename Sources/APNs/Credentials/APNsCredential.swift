/// A credential APNs accepts: a token-signing key (the modern way, required for Live
/// Activities) or a TLS client certificate.
public enum APNsCredential: Sendable {
    case token(APNsTokenKey)
    case certificate(APNsCertificate)

    /// How the credential is named in messages: never its secret, only its identifiers.
    public var label: String {
        switch self {
        case .token(let key): "key \(key.keyID) of team \(key.teamID)"
        case .certificate(let certificate): "certificate \(certificate.subject)"
        }
    }
}
