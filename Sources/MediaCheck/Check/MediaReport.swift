import JSON
import NotificationKit

/// The outcome of checking one media URL: every finding as a `media.check.*` diagnostic, and
/// the facts the preview needs (kind, real aspect ratio, the cached copy of an image).
public struct MediaReport: Sendable, Hashable {
    /// The URL that was checked, as given.
    public var url: String
    /// The URL the last request went to (after redirects).
    public var finalURL: String?
    /// Each redirect target, in order.
    public var redirects: [String] = []
    /// The address the last request connected to.
    public var address: String?
    /// The final HTTP status, when one arrived.
    public var status: Int?
    /// The `Content-Type` the server sent.
    public var contentType: String?
    /// The type the first bytes are.
    public var sniffedType: MediaType?
    /// The size in bytes: declared, or counted (then maybe only "more than").
    public var bytes: Int?
    /// The image's pixel size and frame count (a video's picture size, when its header says).
    public var image: ImageFacts?
    /// The SHA-256 (hex) of the image copy kept for the preview, when one was kept.
    public var imageDigest: String?
    /// The findings, errors first.
    public var diagnostics: [Diagnostic] = []

    /// An empty report for `url`.
    public init(url: String) {
        self.url = url
    }

    /// True exactly when no finding is an error: iOS will attach the file.
    public var passed: Bool {
        !diagnostics.contains { $0.severity == .error }
    }

    /// True when the only errors say this server could not reach the host at all (the name did
    /// not resolve, no connection, no answer in time): the device fetches the file itself, from
    /// its own network, so the check says nothing about whether iOS attaches it.
    public var unreachable: Bool {
        let errors = diagnostics.filter { $0.severity == .error }
        let reachability: Set<String> = [
            MediaCheckCode.dns.rawValue, MediaCheckCode.connect.rawValue, MediaCheckCode.timeout.rawValue,
        ]
        return !errors.isEmpty && errors.allSatisfy { reachability.contains($0.code) }
    }

    /// The attachment's kind, when it is media.
    public var kind: MediaType.Kind? { sniffedType?.kind }

    /// The size limit of the attachment's kind.
    public var limit: Int? { kind.map(MediaSizeLimit.limit(for:)) }

    /// Records a finding; `path` is `url` (the field checked) unless it concerns a redirect.
    mutating func add(_ code: MediaCheckCode, _ message: String) {
        diagnostics.append(Diagnostic(code, path: "$.url", message: message))
        diagnostics = diagnostics.enumerated().sorted {
            ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
        }.map(\.element)
    }
}
