/// The session cookie: its name, the attributes it is set with, and reading it back from a
/// `Cookie` request header.
public enum SessionCookie {
    /// The cookie's name.
    public static let name = "pushboard_session"

    /// The `Set-Cookie` value that stores `secret`: `HttpOnly` (no script can read it),
    /// `SameSite=Strict` (no other site's page can make the browser send it), `Path=/`, and
    /// `Secure` when the dashboard is served over HTTPS (`--secure-cookies`). No `Max-Age`: the
    /// server enforces expiry, and the cookie goes when the browser closes.
    public static func setCookie(_ secret: Secret, secure: Bool) -> String {
        "\(name)=\(secret.text); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that deletes the cookie (logout, expired session).
    public static func clearCookie(secure: Bool) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The session secret in a `Cookie` header, or nil when there is none or it is malformed.
    /// Several cookies of this name (one planted for a parent domain) mean nil: the server cannot
    /// tell which is its own.
    public static func secret(inCookieHeader header: String) -> Secret? {
        CookieHeader.value(named: name, in: header).flatMap(Secret.init)
    }
}
