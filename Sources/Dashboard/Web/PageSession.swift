/// The session a page is rendered for, bound by the authentication step around the handler it
/// lets on: the page renderer gives its CSRF token to every template as `csrfToken`, which the
/// `csrf-field` partial of every form that posts renders. A task-local rather than a parameter
/// of every page call: no handler can forget to pass it, and it lives exactly as long as the
/// request's handler runs on its thread (the server's handlers are synchronous).
enum PageSession {
    /// The signed-in session's CSRF token; nil in open mode and for a request without a session.
    @TaskLocal static var csrfToken: String?

    /// Whether the signed-in role may change nothing (a viewer): pages get it as `readOnly` and
    /// draw their forms as a read-only view instead of offering buttons the server refuses.
    /// False in open mode and without a session.
    @TaskLocal static var readOnly = false

    /// Whether the signed-in role is admin: lists that are everyone's for an admin and one's own
    /// for others (the send log) read it. Unbound (no authentication in force) it is false, and
    /// such lists check `Request.authenticatedActor == nil` for the open mode themselves.
    @TaskLocal static var admin = false

    /// The form field pages carry the CSRF token in (`templates/csrf-field.html` writes it).
    static let csrfField = "_csrf"
    /// The header JSON calls made with a session cookie carry the CSRF token in.
    static let csrfHeader = "X-CSRF-Token"
}
