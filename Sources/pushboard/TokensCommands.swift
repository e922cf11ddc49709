import Access
import Foundation

/// `pushboard tokens create NAME --role ROLE [--expires-in-days N]`.
enum TokensCreateCommand: Command {
    static let words = ["tokens", "create"]
    static let valueOptions: Set<String> = ["role", "data", "database", "expires-in-days"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard tokens create NAME --role admin|editor|viewer [--expires-in-days N] [--data DIR | --database URL]

        Creates an API token and prints it on standard output: the only time it is shown, as
        only its hash is kept. Send it as "Authorization: Bearer TOKEN".
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the token's NAME") }
        let role = try AccessCommands.role(arguments["role"])
        let days = try arguments.integer("expires-in-days", in: 1...3650)
        let audited = try AuditedAccess(arguments)
        return try audited.perform("token.create", object: "token:" + name, detail: role.rawValue) {
            try audited.access.createToken(
                name: name, role: role,
                expiresAt: days.map { Date().addingTimeInterval(Double($0) * 86_400) },
                createdBy: audited.actor)
        }
    }
}

/// `pushboard tokens list`.
enum TokensListCommand: Command {
    static let words = ["tokens", "list"]
    static let valueOptions: Set<String> = ["data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard tokens list [--data DIR | --database URL]

        Prints each token (never its secret): name, role, created, expires, last used, status.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        for token in try AccessCommands.open(arguments).tokens() {
            let status = token.revokedAt.map { "revoked " + $0 } ?? "live"
            Console.out(fields: [
                token.name, token.role.rawValue, token.createdAt, token.expiresAt ?? "never",
                token.lastUsedAt ?? "never", status,
            ])
        }
        return 0
    }
}

/// `pushboard tokens revoke NAME`.
enum TokensRevokeCommand: Command {
    static let words = ["tokens", "revoke"]
    static let valueOptions: Set<String> = ["data", "database"]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard tokens revoke NAME [--data DIR | --database URL]

        Revokes a token; the next request that sends it is refused, also by a running server.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else { throw UsageError("expected the token's NAME") }
        let audited = try AuditedAccess(arguments)
        return try audited.perform("token.revoke", object: "token:" + name) {
            try audited.access.revokeToken(name: name)
            return "Revoked \(name)."
        }
    }
}
