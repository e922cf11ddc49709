import HTTPKit
import Storage

extension StorageError: HTTPErrorConvertible {
    /// A database that stays locked past the busy timeout (another process holding a write
    /// transaction, a backup being published) is a temporary condition: 503, so clients retry,
    /// instead of the 500 any other storage failure is. A full disk is 507 and a database that
    /// cannot be written 503, both with `Retry-After`: each clears without a restart once its
    /// cause does. Invalid input the store refused is a 422.
    public var httpError: HTTPError {
        if isBusy {
            return HTTPError(
                .busy, message: "The database is busy; try again in a moment.", headers: ["Retry-After": "1"])
        }
        if isDiskFull {
            return HTTPError(
                .storageFull,
                message:
                    "The disk holding the database is full; nothing was saved. Try again once space is freed.",
                headers: ["Retry-After": "30"])
        }
        if case .filesReplaced = self {
            return HTTPError(
                .storageReplaced,
                message: "The data directory was removed or replaced after the server started; "
                    + "nothing was saved. Restart pushboard on the intended data directory.",
                headers: ["Retry-After": "30"])
        }
        if isReadOnly {
            return HTTPError(
                .storageReadOnly,
                message: "The database cannot be written (read-only file or file system, or served "
                    + "read-only because it is damaged); nothing was saved.", headers: ["Retry-After": "30"])
        }
        if case .invalidInput(let message) = self {
            return HTTPError(.invalidInput, message: message)
        }
        return HTTPError(
            .internalServerError, message: "The database failed; the server log has the details.")
    }
}
