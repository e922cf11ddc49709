/// Who a request was authenticated as: a user through a session, or an API token.
public struct Principal: Sendable, Equatable {
    /// How the request proved who it is.
    public enum Kind: Sendable, Equatable {
        /// A browser session; `csrfToken` is what its forms and JSON calls must send back.
        case session(csrfToken: String)
        /// An `Authorization: Bearer` token.
        case token
    }

    /// The user's name, or the token's name.
    public let name: String
    /// What it may do.
    public let role: Role
    /// Session or token.
    public let kind: Kind

    /// What revisions and the audit trail record: `anna` for a user, `token:deploy` for a token.
    /// User names cannot contain `:`, so the two never collide.
    public var actor: String {
        switch kind {
        case .session: name
        case .token: "token:" + name
        }
    }

    /// The CSRF token of a session; nil for token calls, which need none.
    public var csrfToken: String? {
        if case .session(let token) = kind { return token }
        return nil
    }
}
