import Access
import Foundation
import Storage

/// Opening the access rules over a data directory, for the `users` and `tokens` commands.
enum AccessCommands {
    /// The access control of `--data` (default ./pushboard-data), created when missing.
    static func open(_ arguments: ParsedArguments) throws -> AccessControl {
        let directory = arguments["data"] ?? "./pushboard-data"
        do {
            return AccessControl(store: try Store(directory: directory).access)
        } catch {
            throw InputOutputError(message: "cannot open the data in '\(directory)': \(error)")
        }
    }

    /// The role named by `text`, or a usage error listing the roles.
    static func role(_ text: String?) throws -> Role {
        guard let text, let role = Role(rawValue: text) else {
            throw UsageError("--role must be admin, editor or viewer")
        }
        return role
    }

    /// Runs an access change; a refused one (bad name, last admin, …) is exit status 1.
    static func perform(_ body: () throws -> String) throws -> Int32 {
        do {
            Console.out(try body())
            return 0
        } catch let error as AccessError {
            Console.error("pushboard: \(error.description)")
            return 1
        }
    }
}

/// `pushboard users add NAME --role ROLE`.
enum UsersAddCommand: Command {
    static let words = ["users", "add"]
    static let valueOptions: Set<String> = ["role", "data"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users add NAME --role admin|editor|viewer [--data DIR]

        Adds a user. The password is typed twice at a prompt, or read from the first line of
        standard input when that is not a terminal; never give it as an argument.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the user's NAME") }
        let role = try AccessCommands.role(arguments["role"])
        let access = try AccessCommands.open(arguments)
        let password = try PasswordInput.read()
        return try AccessCommands.perform {
            try access.addUser(name: name, role: role, password: password)
            return "Added \(name) as \(role.rawValue)."
        }
    }
}

/// `pushboard users list`.
enum UsersListCommand: Command {
    static let words = ["users", "list"]
    static let valueOptions: Set<String> = ["data"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users list [--data DIR]

        Prints each user: name, role, when added (tab-separated).
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        for user in try AccessCommands.open(arguments).users() {
            Console.out("\(user.name)\t\(user.role.rawValue)\t\(user.createdAt)")
        }
        return 0
    }
}

/// `pushboard users remove NAME`.
enum UsersRemoveCommand: Command {
    static let words = ["users", "remove"]
    static let valueOptions: Set<String> = ["data"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users remove NAME [--data DIR]

        Removes a user and ends their sessions. The last admin cannot be removed.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the user's NAME") }
        let access = try AccessCommands.open(arguments)
        return try AccessCommands.perform {
            try access.removeUser(name: name)
            return "Removed \(name)."
        }
    }
}

/// `pushboard users passwd NAME`.
enum UsersPasswordCommand: Command {
    static let words = ["users", "passwd"]
    static let valueOptions: Set<String> = ["data"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users passwd NAME [--data DIR]

        Sets a new password (prompt or standard input, as for add) and ends the user's sessions.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the user's NAME") }
        let access = try AccessCommands.open(arguments)
        let password = try PasswordInput.read()
        return try AccessCommands.perform {
            let ended = try access.setPassword(name: name, password: password)
            return "Changed the password of \(name); \(ended) session(s) ended."
        }
    }
}

/// `pushboard users role NAME ROLE`.
enum UsersRoleCommand: Command {
    static let words = ["users", "role"]
    static let valueOptions: Set<String> = ["data"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard users role NAME admin|editor|viewer [--data DIR]

        Changes a user's role; their open sessions get it on the next request.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.operands.count == 2 else { throw UsageError("expected NAME and ROLE") }
        let name = arguments.operands[0]
        let role = try AccessCommands.role(arguments.operands[1])
        let access = try AccessCommands.open(arguments)
        return try AccessCommands.perform {
            try access.setRole(name: name, role: role)
            return "\(name) is now \(role.rawValue)."
        }
    }
}
