import Foundation
import JSON
import Localization
import NotificationKit
import Registry
import Storage

/// `pushboard strings check`: every localized key of every saved notification against the
/// stored catalog, for CI: exit 1 when a key is missing or stale (Xcode would prune it).
enum StringsCheckCommand: Command {
    static let words = ["strings", "check"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard strings check [--data DIR | --database URL]

        Lists every title-loc-key, subtitle-loc-key and loc-key of the saved notifications with
        what the String Catalog says of it (missing, stale, not translated in some languages,
        arguments that do not fit). Exit 1 when a key is missing from the catalog or stale (or
        no catalog is imported), 0 when every key is present; a line per key says which.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard try arguments.singleOperand() == nil else { throw UsageError("strings check takes no operand") }
        guard let catalog = try snapshot(arguments).catalog else {
            Console.error(
                "pushboard strings check: no String Catalog is imported in \(WorkspaceOption.describe(arguments))"
            )
            return 1
        }
        let checker = CatalogChecker(catalog: catalog)
        var keys = 0
        var failing = 0
        let store: Store
        do {
            store = try WorkspaceOption.openForReading(arguments)
        } catch {
            throw WorkspaceOption.failure(error, doing: "read the notifications", in: arguments)
        }
        try store.notifications.forEachBatch { batch in
            for notification in batch {
                for use in uses(in: notification.payload) {
                    keys += 1
                    let findings = checker.check(
                        key: use.key, arguments: use.arguments, path: use.path,
                        argumentsPath: use.argumentsPath)
                    let fails = findings.contains {
                        $0.code == LocalizationCode.missingKey.code
                            || $0.code == LocalizationCode.staleKey.code
                    }
                    if fails { failing += 1 }
                    let verdict = fails ? "FAIL" : (findings.isEmpty ? "ok" : "warn")
                    Console.out(fields: [verdict, notification.name, use.path, use.key])
                    for finding in findings {
                        Console.out(fields: ["", finding.severity.rawValue, finding.code, finding.message])
                    }
                }
            }
        }
        Console.say(
            "\(keys) localized keys checked against \(catalog.entries.count) catalog keys: "
                + (failing == 0 ? "every key is present" : "\(failing) missing or stale"))
        return failing == 0 ? 0 : 1
    }

    /// The catalog stored in the workspace (`--data` or `--database`).
    static func snapshot(_ arguments: ParsedArguments) throws -> StringCatalogSnapshot {
        do {
            return try StringCatalogRegistry(store: WorkspaceOption.openForReading(arguments).strings)
                .snapshot()
        } catch {
            throw WorkspaceOption.failure(error, doing: "read the String Catalog", in: arguments)
        }
    }

    /// One localized key of a payload with its arguments and their paths.
    struct KeyUse {
        var key: String
        var arguments: [String]
        var path: String
        var argumentsPath: String
    }

    /// The localized keys of `aps.alert` in a saved payload's text.
    static func uses(in payload: String) -> [KeyUse] {
        guard let alert = JSONReader().read(payload).root?["aps"]?["alert"], alert.value.objectMembers != nil
        else { return [] }
        return Validator.localizedKeyMembers.compactMap { keyName, argumentsName in
            guard let key = alert[keyName]?.value.stringValue, !key.isEmpty else { return nil }
            let arguments =
                alert[argumentsName]?.value.arrayElements?.compactMap { $0.value.stringValue } ?? []
            return KeyUse(
                key: key, arguments: arguments, path: "$.aps.alert." + keyName,
                argumentsPath: "$.aps.alert." + argumentsName)
        }
    }
}
