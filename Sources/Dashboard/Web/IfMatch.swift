import Foundation
import HTTPKit
import Storage

/// The `If-Match` precondition of a request, evaluated the same way for notifications and
/// categories (RFC 9110 §13.1.1): `*` or a list holding the current entity tag names the current
/// revision; anything else is stale. Entity tags are `"r<revision>"` (`StoredNotification.etag`).
///
/// The write checks the revision again inside its transaction, so a change in between still
/// answers 412.
enum IfMatch {
    /// The revision the request expects: nil without `If-Match` (an unconditional write), the
    /// current revision when the header matches it, or 412 `precondition-failed` (`stale`) when
    /// it does not, or when there is no current revision at all.
    static func expectedRevision(_ request: Request, current: Int?, stale: @autoclosure () -> HTTPError)
        throws(HTTPError) -> Int?
    {
        guard let header = request.headers["If-Match"] else { return nil }
        let tags = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let current else { throw stale() }
        if tags.contains("*") { return current }
        // Strong comparison (RFC 9110 §8.8.3.2): the tag exactly as this server wrote it.
        guard tags.contains(etag(current)) else { throw stale() }
        return current
    }

    /// The entity tag of a revision.
    static func etag(_ revision: Int) -> String {
        StoredNotification.etag(forRevision: revision)
    }
}
