/// Every `code` an error answer can carry (`{"error": {"code": "…", "message": "…"}}`,
/// CONTRACT §3), with the status it answers and the message a client gets when the thrower has
/// nothing more precise to say: one table for the server, the router and every feature, listed
/// in `docs/api-errors.md`.
///
/// An `HTTPError` is made only from a case here, so no handler writes a code as a string. Adding
/// a code is a `case` line and its row in `entry` (the compiler refuses one without the other),
/// plus its row in the document. The identifiers are wire format: renaming one breaks clients.
/// Two spellings live side by side for history (`request.*`, `storage.*` and `form.*` beside the
/// hyphenated ones); both are what clients receive today, so neither is renamed.
public enum APIErrorCode: CaseIterable, Sendable, Hashable {
    // Generic answers of the router and of any handler.
    /// The request is malformed in a way no more precise code names.
    case badRequest
    /// Nothing is at this address, or the named record does not exist.
    case notFound
    /// The address exists but does not take this method (the answer has `Allow`).
    case methodNotAllowed
    /// The change collides with one saved meanwhile.
    case conflict
    /// A bug or an unexpected failure; the details are in the server log only.
    case internalServerError

    // Framing of the request itself (HTTPKit, MHDServer).
    /// The request target is not a path starting with `/`.
    case requestTarget
    /// The path has a NUL byte or a percent escape that is not UTF-8.
    case requestPath
    /// The query string cannot be decoded.
    case requestQuery
    /// The request line is not `METHOD SP TARGET SP HTTP/1.x` (a NUL, a space or a control byte
    /// in the target, more than one space, a method that is not a token).
    case requestLine
    /// A header value holds a NUL byte, a control byte (a bare CR) or a folded line.
    case requestHeaderValue
    /// A header name has whitespace or another byte that is not a token character.
    case requestHeaderName
    /// More than one `Host` header, none in HTTP/1.1, or one that is not `host[:port]`.
    case requestHost
    /// `Content-Length` is not a number, disagrees with another, or comes with `Transfer-Encoding`.
    case requestLength
    /// A transfer encoding other than `chunked`.
    case requestTransferEncoding
    /// The body is over the server's limit; refused before it is read.
    case requestTooLarge
    /// The whole request did not arrive within the server's deadline; the connection is closed.
    case requestTimeout
    /// The server holds too many connections, or too many request body bytes; the answer has
    /// `Retry-After`.
    case overCapacity
    /// A static file path with a forbidden character or an empty, `.` or `..` segment.
    case staticPath

    // Bodies, forms and conditional requests.
    /// `Content-Type` names a body type this address does not take.
    case unsupportedMediaType
    /// The body is not valid JSON.
    case invalidJSON
    /// An `application/x-www-form-urlencoded` body that cannot be decoded.
    case formInvalidEncoding
    /// A `multipart/form-data` body that cannot be read.
    case invalidMultipart
    /// A body field is missing, of the wrong type or unknown (422: the request was understood).
    case invalidField
    /// A field or parameter that cannot be read at all (not UTF-8 text, a `limit` that is not a
    /// number): the same wire code as `invalidField`, answered 400, as it always was.
    case unreadableField
    /// A query parameter has a value the address does not accept.
    case invalidParameter
    /// A revision in the address is not a whole number from 1.
    case invalidRevision
    /// `If-Match` or `If-None-Match` is neither `*` nor a list of quoted entity tags.
    case malformedPrecondition
    /// A write that needs `If-Match` came without it.
    case preconditionRequired
    /// `If-Match` names a revision that is no longer current; nothing changed.
    case preconditionFailed

    // Who and where the caller is.
    /// No session and no API token, or an unknown, expired or revoked one.
    case unauthenticated
    /// The caller's role is below the one the operation needs.
    case forbiddenRole
    /// A write with the session cookie lacks the session's CSRF token.
    case csrf
    /// A write carries an `Origin` that is not the server's own.
    case crossOrigin
    /// The `Host` names neither localhost, an IP address nor an allowed host (DNS rebinding).
    case unknownHost

    // The database.
    /// The database stayed locked past the busy timeout; retry.
    case busy
    /// The disk holding the database is full.
    case storageFull
    /// The data directory was removed or replaced after the server started.
    case storageReplaced
    /// The database cannot be written (read-only file or file system, or served damaged).
    case storageReadOnly
    /// A database served with `--allow-damaged` whose page holding the answer does not read.
    case storageDamaged
    /// The store refused a value it cannot keep.
    case invalidInput
    /// The audit trail could not record the request's event (issue 24: never dropped silently).
    case auditFailed

    // Features.
    /// A category config or category with error diagnostics; nothing changed.
    case invalidCategories
    /// The category form posts more action rows than a category may have.
    case tooManyActions
    /// The category form's button names no action row or intent the form has.
    case formIntent
    /// The category form names an option that does not exist.
    case formOption
    /// An export the payload or its parameters cannot make.
    case invalidExport
    /// The device token given for an export is not hexadecimal bytes of a size APNs issues.
    case invalidDeviceToken
    /// A Live Activity type source with errors; nothing was imported.
    case invalidActivityType
    /// A notification's payload template cannot be used (issue 28): its tags or declared
    /// variables have errors, listed in the answer's diagnostics.
    case invalidTemplate
    /// Too many media checks are running; the answer has `Retry-After`.
    case mediaCheckBusy
    /// The app name breaks its limit.
    case invalidAppName
    /// The app icon is not a PNG or breaks a limit.
    case invalidAppIcon
    /// The app bundle ID has a character a bundle ID cannot have, or is too long.
    case invalidAppBundleID

    // Test sends (issue 26).
    /// A test send names no device, too many, or a device that is not the caller's; or its body
    /// cannot be read.
    case invalidSend
    /// The payload of a test send is invalid: nothing was sent (the report says why).
    case invalidSendPayload
    /// More than 60 test pushes a minute from one user; the answer has `Retry-After`.
    case sendRateLimited
    /// A String Catalog that does not read (each problem with its line and column); nothing changed.
    case invalidStringCatalog
    /// No String Catalog is loaded yet.
    case noStringCatalog
    /// A language tag (a key of a notification's `variants`) that is not well-formed BCP 47.
    case invalidLanguageTag
}
