import APNs
import APNsWorkspace
import Foundation
import NotificationKit
import Storage

/// `pushboard apns-keys add|list|remove`: the workspace's APNs credentials from the command line,
/// in the data directory or the PostgreSQL database (sealed with the data directory's key file,
/// as the settings page does); no secret is
/// ever printed. Each change is recorded in the audit trail by Key ID, as on the page.
enum APNsKeysAddCommand: Command {
    static let words = ["apns-keys", "add"]
    static let valueOptions: Set<String> = [
        "data", WorkspaceOption.name, "key", "key-id", "team-id", "key-scope", "key-bundle", "certificate",
        "password-file",
    ]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard apns-keys add (--key FILE.p8 --key-id ID --team-id ID [--key-scope both|sandbox|production]
            [--key-bundle BUNDLE_ID] | --certificate FILE [--password-file FILE])
            [--data DIR] [--database URL]

        Checks the key or certificate and stores it sealed (encrypted) in the data directory (or,
        with --database, the PostgreSQL database), sealed with the key file secret.key of the data
        directory (mode 0600, created on first use) or the service manager's
        credential pushboard-secret-key. Prints the stored description, never the secret.
        Exit status: 0 stored, 1 refused (the message names the option), 2 usage or I/O error.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let upload = try APNsOptions.upload(arguments)
        let workspace = try APNsKeysWorkspace(arguments)
        let stored: StoredAPNsCredential
        do {
            stored = try workspace.vault.add(upload, by: workspace.audited.actor)
        } catch {
            var option = "--data"
            if case .field(let field, _) = error {
                let options = [
                    "keyID": "--key-id", "teamID": "--team-id", "scope": "--key-bundle",
                    "password": "--password-file",
                ]
                option = options[field] ?? (arguments["key"] != nil ? "--key" : "--certificate")
            }
            Console.error("pushboard apns-keys add: \(option): \(error.description)")
            return 1
        }
        Console.out(fields: APNsKeysWorkspace.fields(stored))
        try workspace.audited.audit.record(
            actor: workspace.audited.actor, action: "apns-key.add", object: "/settings/apns",
            detail: "\(stored.kind) \(stored.displayName) (\(stored.environments))", client: "cli")
        return 0
    }
}

/// `pushboard apns-keys list`.
enum APNsKeysListCommand: Command {
    static let words = ["apns-keys", "list"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard apns-keys list [--data DIR] [--database URL]

        Prints each stored APNs credential (never its secret), tab-separated: id, kind, Key ID or
        subject, team, environments, topic scope or topics, expiry, added by, added at.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        for stored in try APNsKeysWorkspace(arguments).vault.list() {
            Console.out(fields: APNsKeysWorkspace.fields(stored))
        }
        return 0
    }
}

/// `pushboard apns-keys remove ID`.
enum APNsKeysRemoveCommand: Command {
    static let words = ["apns-keys", "remove"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard apns-keys remove ID|KEY_ID [--data DIR] [--database URL]

        Removes a stored APNs credential, named by its id or Key ID.
        Exit status: 0 removed, 1 none has this name.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let name = try arguments.singleOperand() else {
            throw UsageError("expected the credential's ID or Key ID")
        }
        let workspace = try APNsKeysWorkspace(arguments)
        guard let removed = try workspace.vault.remove(name) else {
            Console.error(
                "pushboard apns-keys remove: no stored APNs credential is called \(name.terminalSafe)")
            return 1
        }
        Console.out("Removed \(removed.displayName).")
        try workspace.audited.audit.record(
            actor: workspace.audited.actor, action: "apns-key.remove", object: "/settings/apns",
            detail: removed.displayName, client: "cli")
        return 0
    }
}

/// The workspace's vault and audit trail, for the `apns-keys` commands: the credentials in the
/// workspace (`--data` or `--database`), sealed with the data directory's key.
struct APNsKeysWorkspace {
    let audited: AuditedAccess
    let vault: CredentialVault

    init(_ arguments: ParsedArguments) throws {
        audited = try AuditedAccess(arguments)
        vault = CredentialVault(
            store: audited.store.apnsCredentials, dataDirectory: WorkspaceOption.dataDirectory(arguments))
    }

    /// A credential's description as printed, every field terminal-safe.
    static func fields(_ stored: StoredAPNsCredential) -> [String] {
        let scope =
            stored.kind == "token" ? (stored.bundleID ?? "all topics") : stored.topics.joined(separator: ",")
        return [
            stored.id, stored.kind, stored.displayName, stored.teamID ?? "-", stored.environments, scope,
            stored.expiresAt ?? "never", stored.createdBy, stored.createdAt,
        ].map(\.terminalSafe)
    }
}

/// `apns-keys check --stored ID|KEY_ID [--data DIR]`: the doctor on a credential stored in the
/// data directory, opened with its sealing key (a lost key file is a finding-like refusal, exit 1).
enum StoredCredentialOption {
    /// The options it adds to `apns-keys check`.
    static let valueOptions: Set<String> = ["stored", "data", WorkspaceOption.name]
    /// Its help lines.
    static let help = """
          --stored ID            a credential stored with apns-keys add or on /settings/apns (its
                                 id or Key ID), instead of --key or --certificate
          --data DIR             the data directory holding it (default ./pushboard-data)
          --database URL         the PostgreSQL database holding it (sealed with --data's key)
        """

    /// The stored credential `--stored` names, opened; nil when the option is not given.
    static func credential(_ arguments: ParsedArguments) throws -> APNsCredential? {
        guard let name = arguments["stored"] else { return nil }
        if arguments["key"] != nil || arguments["certificate"] != nil {
            throw UsageError("give --stored, --key or --certificate, not two of them")
        }
        let vault = CredentialVault(
            store: try WorkspaceOption.open(arguments).apnsCredentials,
            dataDirectory: WorkspaceOption.dataDirectory(arguments))
        guard let stored = try vault.described(name) else {
            throw CredentialFailure(
                error: APNsCredentialError(
                    field: "--stored", message: "no stored APNs credential is called \(name)"))
        }
        do {
            return try vault.open(stored)
        } catch {
            throw CredentialFailure(error: APNsCredentialError(field: "--stored", message: error.description))
        }
    }
}
