import Foundation
import JSON
import NotificationKit
import Registry
import Storage

/// `pushboard activities import`: stores the app's Live Activity types from its Swift source or
/// a JSON Schema, one revision per type, keyed by the `ActivityAttributes` name.
enum ActivitiesImportCommand: Command {
    static let words = ["activities", "import"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard activities import FILE|FOLDER... [--data DIR | --database URL]

        Reads the app's ActivityAttributes types and stores each in the data directory
        (default ./pushboard-data) or the PostgreSQL database, replacing a type of the same name. FILE is Swift source
        (a .swift file with `struct Name: ActivityAttributes` and its nested ContentState) or
        a JSON Schema. Give several Swift files, or a folder (every .swift file in it, the
        widget extension's folder for instance), to import them together: a type declared in
        one file is found from another. `#if` is read as an iOS app's release build. A file
        with errors changes nothing (exit 1); each error names its file and line.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard !arguments.operands.isEmpty else { throw UsageError("expected a FILE or folder to import") }
        let files = try ActivitySourceFiles.read(arguments.operands)
        let imported = ActivityTypeImport(files: files)
        let label = arguments.operands.joined(separator: ", ")
        for diagnostic in imported.diagnostics {
            Console.error(
                CategoryConfigFile.describe(
                    diagnostic, in: ActivitySourceFiles.file(of: diagnostic, in: files)))
        }
        guard imported.succeeded else {
            Console.error("pushboard activities import: '\(label)' has errors; nothing was imported")
            return 1
        }
        do {
            let author = "cli:" + (ProcessInfo.processInfo.environment["USER"] ?? "unknown")
            let catalog = ActivityCatalog(store: try WorkspaceOption.open(arguments).activityTypes)
            for type in imported.types {
                try catalog.put(type, source: imported.sourceText, format: imported.format, by: author)
            }
        } catch RegistryRefusal.invalid(let diagnostics) {
            for diagnostic in diagnostics {
                Console.error(CategoryConfigFile.describe(diagnostic, in: label))
            }
            Console.error("pushboard activities import: a type of '\(label)' would not read back once stored")
            return 1
        } catch {
            throw WorkspaceOption.failure(error, doing: "write the activity types", in: arguments)
        }
        Console.say(
            "Imported \(imported.types.map(\.name).joined(separator: ", ")) (\(imported.format.rawValue)) into "
                + WorkspaceOption.place(arguments))
        return 0
    }
}

/// `pushboard activities export`: the stored types as JSON Schema, `{"activities": [...]}`.
enum ActivitiesExportCommand: Command {
    static let words = ["activities", "export"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard activities export [--data DIR | --database URL]

        Prints the Live Activity types of the data directory (default ./pushboard-data) or of the
        PostgreSQL database as
        {"activities": [JSON Schema, ...]}, which `activities import` and --activities read back.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard try arguments.singleOperand() == nil else {
            throw UsageError("activities export takes no FILE")
        }
        let types = try ActivityTypeSource.stored(arguments)
        Console.outBytes(Array(JSONWriter(style: .pretty).string(types.jsonValue).utf8) + [0x0A])
        return 0
    }
}

/// Where `validate` gets the app's Live Activity types: a Swift or schema file (`--activities`),
/// the workspace given with `--data` or `--database`, or nowhere.
enum ActivityTypeSource {
    /// The types the arguments name, or nil when none.
    static func types(_ arguments: ParsedArguments) throws -> ActivityTypeSet? {
        if let file = arguments["activities"] {
            let imported = ActivityTypeImport(files: try ActivitySourceFiles.read([file]))
            guard imported.succeeded else {
                throw InputOutputError(
                    message: "the activity types in '\(file)' cannot be imported:\n"
                        + imported.diagnostics.map { CategoryConfigFile.describe($0, in: file) }.joined(
                            separator: "\n"))
            }
            return ActivityTypeSet(imported.types)
        }
        if WorkspaceOption.isGiven(arguments) { return try stored(arguments) }
        return nil
    }

    /// The types stored in the workspace (`--data`, default ./pushboard-data, or `--database`),
    /// read without changing it.
    static func stored(_ arguments: ParsedArguments) throws -> ActivityTypeSet {
        do {
            return try ActivityCatalog(store: WorkspaceOption.openForReading(arguments).activityTypes).types()
        } catch {
            throw WorkspaceOption.failure(error, doing: "read the activity types", in: arguments)
        }
    }
}
