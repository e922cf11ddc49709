/// A workspace setting that was refused, naming the setting and the limit it broke, so the page
/// can show the message beside its field and the API can answer it as a 422.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which setting: `appName`, `appIcon` or `appBundleID` (the API's field names).
    public let field: String
    /// One sentence a person can act on, naming the limit.
    public let message: String

    /// A refusal of `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// The message, for logs and CLI output.
    public var description: String { message }
}
