import HTTPKit

/// The headers every response carries, pages and API alike.
///
/// The policy allows no inline script or style at all (the pages load `/static/` files only),
/// no plugins, no framing by other sites, and forms that post only back to the dashboard.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'self'",
    ].joined(separator: "; ")

    static let fields: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "SAMEORIGIN"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]

    /// Adds the security headers, replacing any a handler set; a handler's own
    /// `Content-Security-Policy` (`sandbox` on the uploaded app icon) is kept as extra
    /// directives after the common policy, so it can only tighten it.
    static func apply(to response: inout Response) {
        let own = response.headers["Content-Security-Policy"]
        for (name, value) in fields {
            response.headers.replaceOrAdd(name: name, value: value)
        }
        if let own, own != contentSecurityPolicy {
            response.headers.replaceOrAdd(
                name: "Content-Security-Policy", value: contentSecurityPolicy + "; " + own)
        }
    }
}
