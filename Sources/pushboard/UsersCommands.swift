import Access
import Foundation
import Storage

/// Opening the access rules over a data directory, for the `users` and `tokens` commands.
enum AccessCommands {
    /// The access control of `--data` (default ./pushboard-data), created when missing.
    static func open(_ arguments: ParsedArguments) throws -> AccessControl {
        try AuditedAccess(arguments).access
    }

    /// The role named by `text`, or a usage error listing the roles.
    static func role(_ text: String?) throws -> Role {
        guard let text, let role = Role(rawValue: text) else {
            throw UsageError("--role must be admin, editor or viewer")
        }
        return role
    }
}

/// The access rules and the audit trail of `--data`, for the commands that change users and
/// tokens: each change is recorded like the same change made on the admin pages, with the
/// account at the terminal (`cli:root`) as the actor.
struct AuditedAccess {
    /// The workspace opened.
    let store: Store
    /// Users, sessions and tokens.
    let access: AccessControl
    /// Where the changes are recorded.
    let audit: AuditStore
    /// `cli:` and the login name of the process's user (user names cannot contain `:`).
    let actor: String

    /// Opens `--database` or `--data` (default ./pushboard-data), created when missing.
    init(_ arguments: ParsedArguments) throws {
        do {
            store = try WorkspaceOption.open(arguments)
        } catch {
            throw WorkspaceOption.failure(error, doing: "open the data", in: arguments)
        }
        access = AccessControl(store: store.access)
        audit = store.audit
        let login = getpwuid(getuid()).flatMap { String(validatingCString: $0.pointee.pw_name) }
        actor = "cli:" + (login ?? ProcessInfo.processInfo.environment["USER"] ?? "unknown")
    }

    /// Runs a change, prints its result and records it as `action` on `object`; a refused one
    /// (bad name, last admin, …) prints why, is not recorded, and is exit status 1. The result is
    /// printed first: a token that was created must be seen even if recording then fails.
    func perform(_ action: String, object: String, detail: String = "", _ body: () throws -> String) throws
        -> Int32
    {
        do {
            Console.out(try body())
        } catch let error as AccessError {
            Console.error("pushboard: \(error.description)")
            return 1
        }
        try audit.record(actor: actor, action: action, object: object, detail: detail, client: "cli")
        return 0
    }
}

/// `pushboard users add NAME --role ROLE`.
enum UsersAddCommand: Command {
    static let words = ["users", "add"]
    static let valueOptions: Set<String> = ["role", "data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users add NAME --role admin|editor|viewer [--data DIR | --database URL]

        Adds a user. The password is typed twice at a prompt, or read from the first line of
        standard input when that is not a terminal; never give it as an argument.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the user's NAME") }
        let role = try AccessCommands.role(arguments["role"])
        let audited = try AuditedAccess(arguments)
        return try audited.perform("user.add", object: "user:" + name, detail: role.rawValue) {
            // Said before the password is typed twice, not after.
            try audited.access.checkNewUser(name: name)
            try audited.access.addUser(name: name, role: role, password: PasswordInput.read())
            return "Added \(name) as \(role.rawValue)."
        }
    }
}

/// `pushboard users list`.
enum UsersListCommand: Command {
    static let words = ["users", "list"]
    static let valueOptions: Set<String> = ["data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users list [--data DIR | --database URL]

        Prints each user: name, role, when added (tab-separated).
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        for user in try AccessCommands.open(arguments).users() {
            Console.out(fields: [user.name, user.role.rawValue, user.createdAt])
        }
        return 0
    }
}

/// `pushboard users remove NAME`.
enum UsersRemoveCommand: Command {
    static let words = ["users", "remove"]
    static let valueOptions: Set<String> = ["data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users remove NAME [--data DIR | --database URL]

        Removes a user and ends their sessions. The last admin cannot be removed.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the user's NAME") }
        let audited = try AuditedAccess(arguments)
        return try audited.perform("user.remove", object: "user:" + name) {
            try audited.access.removeUser(name: name)
            return "Removed \(name)."
        }
    }
}

/// `pushboard users passwd NAME`.
enum UsersPasswordCommand: Command {
    static let words = ["users", "passwd"]
    static let valueOptions: Set<String> = ["data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users passwd NAME [--data DIR | --database URL]

        Sets a new password (prompt or standard input, as for add) and ends the user's sessions.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the user's NAME") }
        let audited = try AuditedAccess(arguments)
        return try audited.perform("user.password.reset", object: "user:" + name) {
            try audited.access.checkExistingUser(name: name)
            let ended = try audited.access.setPassword(name: name, password: PasswordInput.read())
            return "Changed the password of \(name); \(ended) session(s) ended."
        }
    }
}

/// `pushboard users role NAME ROLE`.
enum UsersRoleCommand: Command {
    static let words = ["users", "role"]
    static let valueOptions: Set<String> = ["data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users role NAME admin|editor|viewer [--data DIR | --database URL]

        Changes a user's role; their open sessions get it on the next request.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.operands.count == 2 else { throw UsageError("expected NAME and ROLE") }
        let name = arguments.operands[0]
        let role = try AccessCommands.role(arguments.operands[1])
        let audited = try AuditedAccess(arguments)
        return try audited.perform("user.role", object: "user:" + name, detail: role.rawValue) {
            try audited.access.setRole(name: name, role: role)
            return "\(name) is now \(role.rawValue)."
        }
    }
}
