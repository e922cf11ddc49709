import Foundation
import JSON
import Localization
import NotificationKit
import Registry
import Storage

/// `pushboard strings import`: stores the app's String Catalog, from `Localizable.xcstrings` or
/// a folder of `*.lproj` with `.strings` and `.stringsdict` files (or a zip of one), as its next revision.
enum StringsImportCommand: Command {
    static let words = ["strings", "import"]
    static let valueOptions: Set<String> = [
        "data", WorkspaceOption.name, "source-language", InputReader.option,
    ]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard strings import FILE|DIR [--data DIR | --database URL] [--source-language LANG] [--max-bytes N]

        Reads the app's String Catalog from FILE (Localizable.xcstrings, format 1.0 or 1.1) or
        from DIR, a folder of <language>.lproj folders with Localizable.strings and
        Localizable.stringsdict files (UTF-8 or UTF-16; --source-language names the development
        language, default en), or from FILE.zip, such a folder zipped (stored or deflated
        entries), and stores it in the data directory (default ./pushboard-data) or the
        PostgreSQL database as the catalog's next revision. A file that does not read changes nothing (exit 1);
        each problem is printed as file:line:column: message. A file larger than --max-bytes
        (default 1 MiB, the API's body limit) is refused: raise it for a large catalog.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let path = try arguments.singleOperand() else {
            throw UsageError("expected a FILE or DIR to import")
        }
        let catalog: StringCatalog
        do {
            catalog = try read(
                path, sourceLanguage: arguments["source-language"] ?? "en",
                maximumBytes: try arguments.maximumInputBytes())
        } catch let error as CatalogReadError {
            for problem in error.problems {
                Console.error((problem.file == nil ? path + ":" : "") + problem.description)
            }
            Console.error("pushboard strings import: '\(path)' does not read; nothing was imported")
            return 1
        }
        do {
            let author = "cli:" + (ProcessInfo.processInfo.environment["USER"] ?? "unknown")
            let registry = StringCatalogRegistry(store: try WorkspaceOption.open(arguments).strings)
            try registry.put(catalog, sourceName: (path as NSString).lastPathComponent, by: author)
        } catch {
            throw WorkspaceOption.failure(error, doing: "write the String Catalog", in: arguments)
        }
        Console.say(
            "Imported \(catalog.entries.count) keys in \(catalog.languages.count) languages "
                + "(\(catalog.languages.joined(separator: ", "))) into \(WorkspaceOption.place(arguments))")
        return 0
    }

    /// The catalog of a `.xcstrings` file, or of a folder of `*.lproj`.
    private static func read(_ path: String, sourceLanguage: String, maximumBytes: Int) throws
        -> StringCatalog
    {
        var isDirectory: ObjCBool = false
        if path.lowercased().hasSuffix(".zip") {
            return try readZip(path, sourceLanguage: sourceLanguage, maximumBytes: maximumBytes)
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return try XCStringsReader().read(try readInput(path, maximumBytes: maximumBytes))
        }
        var files: [(path: String, bytes: [UInt8])] = []
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for folder in folders.sorted() where folder.hasSuffix(".lproj") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") {
                let file = path + "/" + folder + "/" + name
                files.append((folder + "/" + name, try readInput(file, maximumBytes: maximumBytes)))
            }
        }
        guard !files.isEmpty else {
            throw InputOutputError(message: "'\(path)' holds no *.lproj/*.strings files")
        }
        return try LprojImport(sourceLanguage: sourceLanguage).catalog(files)
    }

    /// The catalog of a zip of `*.lproj` folders (issue 27), read by `ZipArchive`.
    private static func readZip(_ path: String, sourceLanguage: String, maximumBytes: Int) throws
        -> StringCatalog
    {
        let bytes = try readInput(path, maximumBytes: maximumBytes)
        let name = URL(fileURLWithPath: path).lastPathComponent
        return try LprojImport(sourceLanguage: sourceLanguage).catalog(ofZip: bytes, sourceName: name)
    }
}

/// `pushboard strings export`: the stored catalog as `Localizable.xcstrings`.
enum StringsExportCommand: Command {
    static let words = ["strings", "export"]
    static let valueOptions: Set<String> = ["data", WorkspaceOption.name]
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard strings export [--data DIR | --database URL]

        Writes the stored String Catalog to standard output as Localizable.xcstrings JSON: the
        JSON value that was imported. Exit 1 when no catalog is imported.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard try arguments.singleOperand() == nil else {
            throw UsageError("strings export takes no operand")
        }
        let snapshot = try StringsCheckCommand.snapshot(arguments)
        guard let stored = snapshot.stored else {
            Console.error("pushboard strings export: no String Catalog is imported")
            return 1
        }
        Console.outBytes(Array(stored.document.utf8))
        return 0
    }
}
