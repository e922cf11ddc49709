import HTTPKit
import Storage

extension StorageError: HTTPErrorConvertible {
    /// A database that stays locked past the busy timeout (another process holding a write
    /// transaction, a backup being published) is a temporary condition: 503, so clients retry,
    /// instead of the 500 any other storage failure is. Invalid input the store refused is a 422.
    public var httpError: HTTPError {
        if isBusy {
            return HTTPError(
                .serviceUnavailable, message: "The database is busy; try again in a moment.", code: "busy",
                headers: ["Retry-After": "1"])
        }
        if case .invalidInput(let message) = self {
            return HTTPError(.unprocessableContent, message: message, code: "invalid-input")
        }
        return HTTPError(
            .internalServerError, message: "The database failed; the server log has the details.")
    }
}
