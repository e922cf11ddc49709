import Foundation
import NotificationKit
import Registry
import Storage

/// `pushboard categories export`: the category config or the Swift code that registers it.
enum CategoriesExportCommand: Command {
    static let words = ["categories", "export"]
    static let valueOptions: Set<String> = ["as", "data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard categories export --as json|swift [--data DIR | --database URL | FILE]

        Prints the category registry of the data directory (default ./pushboard-data), of the
        PostgreSQL database, or of the config FILE, as the config JSON (the format `validate --categories` reads) or as Swift code that registers the
        categories with UNUserNotificationCenter.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let format = arguments["as"], ["json", "swift"].contains(format) else {
            throw UsageError("--as json or --as swift is required")
        }
        let config: CategoryConfig
        if let file = try arguments.singleOperand() {
            guard !WorkspaceOption.isGiven(arguments) else {
                throw UsageError("give --data, --database or FILE, not two of them")
            }
            config = try CategoryConfigFile.read(file)
        } else {
            config = try RegistryAccess.read(arguments)
        }
        Console.outBytes(
            Array((format == "swift" ? config.swiftRegistrationCode() : config.prettyJSON()).utf8))
        return 0
    }
}

/// `pushboard categories import`: replaces the registry with a config file, atomically.
enum CategoriesImportCommand: Command {
    static let words = ["categories", "import"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = ["dry-run"]
    static let usage = """
        pushboard categories import FILE [--dry-run] [--data DIR | --database URL]

        Checks the category config FILE and, when it has no errors, replaces the registry of the
        data directory (default ./pushboard-data) or the PostgreSQL database with it in one transaction; the previous
        registry stays in the history. A config with errors changes nothing (exit 1).
          --dry-run   only print what the import would do (adds, changes, removes, and each change); change nothing
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let file = try arguments.singleOperand() else { throw UsageError("expected a FILE to import") }
        let (config, diagnostics) = CategoryConfig.read(try readInput(file))
        for diagnostic in diagnostics {
            Console.error(CategoryConfigFile.describe(diagnostic, in: file))
        }
        guard let config, !diagnostics.contains(where: { $0.severity == .error }) else {
            Console.error("pushboard categories import: '\(file)' has errors; the registry was not changed")
            return 1
        }
        let place = WorkspaceOption.place(arguments)
        if arguments.has("dry-run") {
            // A data directory that does not exist yet has an empty registry.
            let current =
                arguments[WorkspaceOption.name] != nil
                    || FileManager.default.fileExists(atPath: WorkspaceOption.dataDirectory(arguments))
                ? try RegistryAccess.read(arguments) : CategoryConfig(categories: [])
            let plan = RegistryImportPlan(current: current, incoming: config)
            Console.say(
                "Dry run: importing '\(file)' into \(place) \(plan.summary)"
                    + " (\(plan.unchangedCount) unchanged); nothing was changed.")
            // What each change is, as the page's dry run lists it: the buttons an added category
            // brings, and each difference of a changed one.
            for (identifier, titles) in zip(plan.added, plan.addedActionTitles) {
                Console.say(
                    "  adds \(identifier): "
                        + (titles.isEmpty ? "no buttons" : titles.joined(separator: ", ")))
            }
            for (identifier, changes) in zip(plan.changed, plan.changeDetails) {
                for change in changes {
                    Console.say(
                        "  changes \(identifier): \(change.label): \(change.before) → \(change.after)")
                }
            }
            return 0
        }
        do {
            let author = "cli:" + (ProcessInfo.processInfo.environment["USER"] ?? "unknown")
            try CategoryCatalog(store: WorkspaceOption.open(arguments).categories).replaceAll(
                with: config, by: author)
        } catch {
            throw WorkspaceOption.failure(error, doing: "write the registry", in: arguments)
        }
        Console.say("Imported \(config.categories.count) categories into \(place)")
        return 0
    }
}

/// Reading the registry of the workspace (`--data` or `--database`) without changing it.
enum RegistryAccess {
    /// The registry of the workspace the options name, as a config.
    static func read(_ arguments: ParsedArguments) throws -> CategoryConfig {
        do {
            return try CategoryCatalog(store: WorkspaceOption.openForReading(arguments).categories)
                .snapshot()
                .config
        } catch {
            throw WorkspaceOption.failure(error, doing: "read the registry", in: arguments)
        }
    }
}
