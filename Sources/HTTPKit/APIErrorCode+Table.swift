extension APIErrorCode {
    /// One row of the table: what the client reads in `error.code`, the status, and the
    /// message used when the thrower gives none.
    public struct Entry: Sendable, Hashable {
        /// The stable identifier clients read in `error.code`.
        public let identifier: String
        /// The status every answer with this code has.
        public let status: HTTPStatus
        /// The message when the thrower has nothing more precise to say.
        public let message: String

        /// A row, written positionally so each fits on one line of the table.
        init(_ identifier: String, _ status: HTTPStatus, _ message: String) {
            self.identifier = identifier
            self.status = status
            self.message = message
        }
    }

    /// The stable identifier clients read in `error.code`, for example `not-found`.
    public var identifier: String { entry.identifier }
    /// The status every answer with this code has.
    public var status: HTTPStatus { entry.status }
    /// The message when the thrower has nothing more precise to say.
    public var message: String { entry.message }

    /// The table itself.
    public var entry: Entry {
        switch self {
        case .badRequest: Entry("bad-request", .badRequest, "The request is malformed.")
        case .notFound: Entry("not-found", .notFound, "There is nothing at this address.")
        case .methodNotAllowed:
            Entry("method-not-allowed", .methodNotAllowed, "This address does not accept this method.")
        case .conflict: Entry("conflict", .conflict, "Someone changed this meanwhile; nothing was changed.")
        case .internalServerError:
            Entry("internal-server-error", .internalServerError, "Something went wrong on the server.")
        case .requestTarget: Entry("request.target", .badRequest, "The request target must be a path.")
        case .requestPath: Entry("request.path", .badRequest, "The request path cannot be read.")
        case .requestQuery: Entry("request.query", .badRequest, "The query string cannot be read.")
        case .requestHeaderValue: Entry("request.header-value", .badRequest, "A header value is malformed.")
        case .requestHeaderName: Entry("request.header-name", .badRequest, "A header name is malformed.")
        case .requestLine: Entry("request.line", .badRequest, "The request line is malformed.")
        case .requestHost:
            Entry("request.host", .badRequest, "The Host header is missing, repeated or malformed.")
        case .requestLength: Entry("request.length", .badRequest, "The body's length is ambiguous.")
        case .requestTransferEncoding:
            Entry(
                "request.transfer-encoding", .notImplemented,
                "Only the chunked transfer encoding is supported.")
        case .requestTooLarge:
            Entry(
                "request.too-large", .contentTooLarge, "The request body is larger than the server accepts.")
        case .requestTimeout:
            Entry("request.timeout", .requestTimeout, "The request took too long to arrive.")
        case .overCapacity:
            Entry(
                "over-capacity", .serviceUnavailable, "The server has too many open connections; try again.")
        case .staticPath: Entry("static.path", .badRequest, "The file path cannot be served.")
        case .unsupportedMediaType:
            Entry(
                "unsupported-media-type", .unsupportedMediaType, "This address does not take this body type.")
        case .invalidJSON: Entry("invalid-json", .badRequest, "The body is not valid JSON.")
        case .formInvalidEncoding: Entry("form.invalid-encoding", .badRequest, "The form cannot be decoded.")
        case .invalidMultipart: Entry("invalid-multipart", .badRequest, "The multipart form is malformed.")
        case .invalidField: Entry("invalid-field", .unprocessableContent, "A field is missing or wrong.")
        case .unreadableField: Entry("invalid-field", .badRequest, "A field cannot be read.")
        case .invalidParameter: Entry("invalid-parameter", .badRequest, "A query parameter is not accepted.")
        case .invalidRevision:
            Entry("invalid-revision", .badRequest, "A revision is a whole number from 1.")
        case .malformedPrecondition:
            Entry(
                "malformed-precondition", .badRequest, "If-Match must be * or a list of quoted entity tags.")
        case .preconditionRequired:
            Entry("precondition-required", .preconditionRequired, "Send If-Match with the ETag you read.")
        case .preconditionFailed:
            Entry("precondition-failed", .preconditionFailed, "The ETag is stale; nothing was changed.")
        case .unauthenticated: Entry("unauthenticated", .unauthorized, "Sign in or send an API token.")
        case .forbiddenRole: Entry("forbidden-role", .forbidden, "This needs a higher role.")
        case .csrf: Entry("csrf", .forbidden, "The session's CSRF token is missing or wrong.")
        case .crossOrigin: Entry("cross-origin", .forbidden, "This request came from another site.")
        case .unknownHost:
            Entry("unknown-host", .misdirectedRequest, "This dashboard does not answer for this host.")
        case .busy: Entry("busy", .serviceUnavailable, "The database is busy; try again in a moment.")
        case .storageFull:
            Entry("storage.full", .insufficientStorage, "The disk holding the database is full.")
        case .storageReplaced:
            Entry("storage.replaced", .serviceUnavailable, "The data directory was replaced after start.")
        case .storageReadOnly:
            Entry("storage.read-only", .serviceUnavailable, "The database cannot be written.")
        case .storageDamaged:
            Entry(
                "storage.damaged", .serviceUnavailable, "The database is damaged where this answer is stored."
            )
        case .invalidInput: Entry("invalid-input", .unprocessableContent, "The value cannot be stored.")
        case .auditFailed:
            Entry("audit.failed", .serviceUnavailable, "The audit trail could not record this request.")
        case .invalidCategories:
            Entry("invalid-categories", .unprocessableContent, "The categories have errors; nothing changed.")
        case .tooManyActions: Entry("too-many-actions", .badRequest, "The form has too many action rows.")
        case .formIntent: Entry("form.intent", .badRequest, "The form's button is not one it has.")
        case .formOption: Entry("form.option", .badRequest, "The form names an unknown option.")
        case .invalidExport: Entry("invalid-export", .badRequest, "The export cannot be made.")
        case .invalidDeviceToken:
            Entry("invalid-device-token", .badRequest, "The device token is not one APNs issues.")
        case .invalidActivityType:
            Entry("invalid-activity-type", .unprocessableContent, "The activity type source has errors.")
        case .invalidTemplate:
            Entry("invalid-template", .unprocessableContent, "The payload template has errors.")
        case .mediaCheckBusy:
            Entry("media-check-busy", .serviceUnavailable, "Too many media checks are running; try again.")
        case .invalidAppName:
            Entry("invalid-appName", .unprocessableContent, "The app name breaks its limit.")
        case .invalidAppIcon:
            Entry("invalid-appIcon", .unprocessableContent, "The app icon breaks its limit.")
        case .invalidAppBundleID:
            Entry("invalid-appBundleID", .unprocessableContent, "The app bundle ID breaks its limit.")
        case .invalidSend:
            Entry(
                "invalid-send", .unprocessableContent,
                "The test send names no device, too many, or another's.")
        case .invalidSendPayload:
            Entry("invalid-send-payload", .unprocessableContent, "The payload is invalid; nothing was sent.")
        case .sendRateLimited:
            Entry(
                "send-rate-limited", .tooManyRequests,
                "Over 60 test pushes a minute; try again after Retry-After.")
        case .invalidStringCatalog:
            Entry("invalid-string-catalog", .unprocessableContent, "The String Catalog does not read.")
        case .noStringCatalog:
            Entry("no-string-catalog", .notFound, "No String Catalog is loaded.")
        case .invalidLanguageTag:
            Entry("invalid-language-tag", .unprocessableContent, "A language tag is not well-formed BCP 47.")
        }
    }
}
