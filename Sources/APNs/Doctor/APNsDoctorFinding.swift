/// One thing the credential doctor found, before anything is sent.
public struct APNsDoctorFinding: Sendable, Equatable {
    /// `.error`: APNs will refuse the push; `.warning`: it works today but not for long or not
    /// everywhere; `.info`: what was checked.
    public enum Severity: String, Sendable {
        case error, warning, info
    }

    public let severity: Severity
    /// A stable code, such as `key-environment` (docs/sending.md lists them).
    public let code: String
    /// What will happen and what to do.
    public let message: String

    public init(severity: Severity, code: String, message: String) {
        self.severity = severity
        self.code = code
        self.message = message
    }
}
