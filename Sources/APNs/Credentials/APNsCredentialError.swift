/// A field-precise upload error: `field` is "key" | "keyID" | "teamID" | "certificate" |
/// "password", so a form shows the message at the field that is wrong.
public struct APNsCredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The form field (and command-line option) the error belongs to.
    public let field: String
    /// What is wrong and what to do, for a person.
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
