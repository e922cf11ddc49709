/// An API token as a pipeline sends it: `Authorization: Bearer pbt_<43 base64url characters>`.
///
/// The `pbt_` prefix lets secret scanners and people recognise a leaked Pushboard token.
public enum BearerToken {
    /// What every token starts with.
    public static let prefix = "pbt_"

    /// The token text given to its creator (shown once).
    static func text(of secret: Secret) -> String {
        prefix + secret.text
    }

    /// Whether the request header claims a bearer token at all (so a malformed one is a 401,
    /// never a fall-through to the session cookie).
    public static func isBearer(_ authorization: String) -> Bool {
        authorization.utf8.count >= 7 && authorization.prefix(7).lowercased() == "bearer "
    }

    /// The secret in an `Authorization` header value, or nil when it is not one of ours.
    public static func secret(inAuthorization authorization: String) -> Secret? {
        guard isBearer(authorization) else { return nil }
        var token = authorization.dropFirst(7)
        while token.first == " " { token = token.dropFirst() }
        while token.last == " " || token.last == "\t" { token = token.dropLast() }
        guard token.hasPrefix(prefix) else { return nil }
        return Secret(token.dropFirst(prefix.count))
    }
}
