/// The fields of a form or query that could not be decoded, each named so a page can show the message
/// next to its input and the API can say which field to fix.
public struct FormDecodingError: Error, Sendable, Equatable, HTTPErrorConvertible {
    /// One field that could not be decoded.
    public struct FieldError: Sendable, Equatable {
        /// The field name (as sent, when the name itself could not be decoded).
        public var field: String
        /// What is wrong, as a sentence for the user.
        public var message: String

        /// Makes a field error.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// Every faulty field, in the order they appeared.
    public var fieldErrors: [FieldError]

    /// Makes the error from its field errors.
    public init(fieldErrors: [FieldError]) {
        self.fieldErrors = fieldErrors
    }

    /// A 400 whose message lists every faulty field, for handlers that let the error propagate.
    public var httpError: HTTPError {
        HTTPError(.formInvalidEncoding, message: fieldErrors.map(\.message).joined(separator: " "))
    }
}
