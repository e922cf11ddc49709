import Foundation

/// One provider authentication token: a JWT whose header is `{"alg":"ES256","kid":KEY ID}` and
/// whose claims are `{"iss":TEAM ID,"iat":SECONDS}`, signed with the team's key (ES256).
struct ProviderToken: Sendable {
    /// `header.claims.signature`, each base64url without padding: the `authorization: bearer` value.
    let text: String
    /// The `iat` claim: when it was signed, whole seconds.
    let issuedAt: Date

    /// Signs a token for `key` issued at `now` (rounded down to the second), nil if libcrypto fails.
    static func sign(_ key: APNsTokenKey, now: Date) -> ProviderToken? {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        // Key ID and Team ID are A–Z0–9 (checked at the key's reading): nothing to escape.
        let header = #"{"alg":"ES256","kid":"\#(key.keyID)"}"#
        let claims = #"{"iss":"\#(key.teamID)","iat":\#(seconds)}"#
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        guard let signature = ES256.sign(Array(signingInput.utf8), with: key.signingKey) else { return nil }
        return ProviderToken(
            text: signingInput + "." + Base64URL.encode(signature),
            issuedAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

/// base64url without padding (RFC 7515 §2), as JWS wants.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}
