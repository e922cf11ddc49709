import Storage

/// `pushboard backup`: a consistent copy of the database, safe while the server runs.
enum BackupCommand: Command {
    static let words = ["backup"]
    static let valueOptions: Set<String> = ["data"]
    static let flagOptions: Set<String> = ["overwrite"]
    static let usage = """
        pushboard backup [--data ./pushboard-data] [--overwrite] FILE

        Writes a consistent copy of the database to FILE with SQLite's online backup, while the
        server may keep running and writing. Refuses to replace an existing FILE without --overwrite.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.operands.count == 1 else { throw UsageError("expected exactly one FILE") }
        let target = arguments.operands[0]
        do {
            let store = try Store(directory: arguments["data"] ?? "./pushboard-data", mode: .readOnly)
            guard let file = store.file else {
                throw InputOutputError(message: "backup copies an SQLite file")
            }
            try file.backup(to: target, overwrite: arguments.has("overwrite"))
            let check = try Database.integrityCheck(ofFileAt: target)
            guard check == "ok" else {
                throw InputOutputError(message: "the copy failed its integrity check: \(check)")
            }
        } catch let error as InputOutputError {
            throw error
        } catch {
            throw InputOutputError(message: "backup failed: \(error)")
        }
        Console.say("Backed up to \(target)")
        return 0
    }
}
