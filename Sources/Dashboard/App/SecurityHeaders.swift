import HTTPKit

/// The headers every response carries, pages and API alike.
///
/// The policy allows no inline script or style at all (the pages load `/static/` files only),
/// no plugins, no framing by other sites, and forms that post only back to the dashboard.
struct SecurityHeaders: Middleware {
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

    /// Puts the headers on whatever the steps inside answer, refusals included.
    func respond(to request: Request, next: (Request) -> Response) -> Response {
        var response = next(request)
        Self.apply(to: &response)
        return response
    }

    /// Adds the security headers, replacing any a handler set, except a sandboxing policy (the
    /// served image copies and the uploaded app icon), which is stricter than the page policy.
    static func apply(to response: inout Response) {
        let sandboxed = response.headers["Content-Security-Policy"]?.hasPrefix("sandbox") == true
        response.headers.replaceOrAdd(sandboxed ? sandboxedReplacements : replacements)
    }

    /// `fields` as header fields, built once (every response gets them).
    private static let replacements = fields.map { HTTPHeaders.Field(name: $0.0, value: $0.1) }
    /// The same without the page policy, for answers that carry a sandboxing one.
    private static let sandboxedReplacements = replacements.filter { !$0.isNamed("Content-Security-Policy") }
}
