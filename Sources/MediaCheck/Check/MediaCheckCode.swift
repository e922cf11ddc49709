import JSON
import NotificationKit

/// Every finding a media check reports, in one table: the checker, `docs/validation-rules.md`
/// ("Media check") and the test that keeps them in step all read this list.
public enum MediaCheckCode: String, DiagnosticCode {
    /// Not an absolute http(s) URL with a host (user info, spaces and backslashes refused too).
    case invalidURL = "media.check.invalid-url"
    /// The URL (or a redirect) is not https: the service extension's download would be blocked.
    case notHTTPS = "media.check.not-https"
    /// The host is, or resolves to, a loopback, private, link-local or other non-public address.
    case addressRefused = "media.check.address-refused"
    /// The host name does not resolve.
    case dns = "media.check.dns"
    /// No connection: refused, unreachable, or closed without an answer.
    case connect = "media.check.connect"
    /// The TLS handshake or the certificate check failed.
    case tls = "media.check.tls"
    /// The connect or the total timeout ran out.
    case timeout = "media.check.timeout"
    /// A redirect that was followed (each one is checked like the first URL).
    case redirect = "media.check.redirect"
    /// More than 3 redirects, or a loop.
    case tooManyRedirects = "media.check.too-many-redirects"
    /// The final answer is not 2xx.
    case status = "media.check.status"
    /// The body is empty.
    case empty = "media.check.empty"
    /// The bytes are not a type iOS attaches (WebP, SVG, HTML, unknown).
    case typeUnsupported = "media.check.type-unsupported"
    /// `Content-Type` names a different type than the bytes are.
    case typeMismatch = "media.check.type-mismatch"
    /// No `Content-Type`, or one no media type matches (`application/octet-stream`).
    case contentTypeUnknown = "media.check.content-type-unknown"
    /// Over Apple's limit for the kind: image 10 MB, audio 5 MB, video 50 MB.
    case tooLarge = "media.check.too-large"
    /// What the file is: type, size, and for an image its pixel size and frames.
    case summary = "media.check.summary"
    /// The image's size could not be read from its header.
    case dimensionsUnknown = "media.check.dimensions-unknown"
    /// The image is far from the 2:1 the expanded view is usually designed for.
    case aspect = "media.check.aspect"

    /// How bad the finding is; a check passes when none is an error.
    public var severity: Severity {
        switch self {
        case .redirect, .summary: .info
        case .contentTypeUnknown, .dimensionsUnknown, .aspect: .warning
        default: .error
        }
    }
}
