import EmbeddedResources
import Foundation

/// One subcommand of `pushboard`.
protocol Command {
    /// The words that select the command, e.g. `["categories", "export"]`.
    static var words: [String] { get }
    /// The synopsis and option list printed by `--help` and after a usage error.
    static var usage: String { get }
    /// Runs with the arguments after the command words and returns the exit status.
    static func run(_ arguments: ParsedArguments) throws -> Int32
    /// Options that take a value.
    static var valueOptions: Set<String> { get }
    /// Options that are flags.
    static var flagOptions: Set<String> { get }
}

/// Finds the command named by the first words of the command line and runs it, turning usage
/// and I/O errors into the exit statuses of CONTRACT §2.
enum CommandLineTool {
    static var commands: [any Command.Type] {
        [
            ServeCommand.self, ValidateCommand.self, PreviewCommand.self, ExportCommand.self,
            SendCommand.self,
            APNsKeysCheckCommand.self,
            APNsKeysAddCommand.self, APNsKeysListCommand.self, APNsKeysRemoveCommand.self,
            MediaCheckCommand.self, CategoriesExportCommand.self, CategoriesImportCommand.self,
            ActivitiesImportCommand.self, ActivitiesExportCommand.self, BackupCommand.self,
            MigrateCommand.self,
            UsersAddCommand.self, UsersListCommand.self, UsersRemoveCommand.self, UsersPasswordCommand.self,
            UsersRoleCommand.self, TokensCreateCommand.self, TokensListCommand.self, TokensRevokeCommand.self,
            StringsImportCommand.self, StringsExportCommand.self, StringsCheckCommand.self,
            RenderCommand.self,
        ]
    }

    /// The exit status after running the command the arguments name.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty || ["help", "--help", "-h"].contains(arguments[0]) {
            Console.out(overview)
            return arguments.isEmpty ? 2 : 0
        }
        if arguments[0] == "--version" {
            Console.out("pushboard \(version)")
            return 0
        }
        let matching = commands.filter { command in
            arguments.count >= command.words.count
                && Array(arguments.prefix(command.words.count)) == command.words
        }
        guard let command = matching.max(by: { $0.words.count < $1.words.count }) else {
            Console.error("pushboard: unknown command '\(arguments.prefix(2).joined(separator: " "))'")
            Console.error(overview)
            return 2
        }
        let rest = Array(arguments.dropFirst(command.words.count))
        do {
            let parsed = try ParsedArguments(
                rest, valueOptions: command.valueOptions, flagOptions: command.flagOptions)
            if parsed.has("help") {
                Console.out(command.usage)
                return 0
            }
            return try command.run(parsed)
        } catch let error as UsageError {
            Console.error("pushboard \(command.words.joined(separator: " ")): \(error.message)")
            Console.error(command.usage)
            return 2
        } catch let error as InputOutputError {
            Console.error("pushboard: \(error.message)")
            return 2
        } catch {
            Console.error("pushboard: \(error)")
            return 2
        }
    }

    /// `git describe` at build time (see `BuildInfo`).
    static let version = BuildInfo.version

    /// The lines of a command's usage before its first blank line (every form of the command,
    /// `validate` and `validate --jsonl`), indented for the overview.
    private static func synopsis(of command: any Command.Type) -> String {
        command.usage.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }.map { "  " + $0 }.joined(separator: "\n")
    }

    static var overview: String {
        """
        Pushboard — compose, validate, preview and export iOS push notifications.

        Usage:
        \(commands.map(synopsis).joined(separator: "\n"))

        Run 'pushboard COMMAND --help' for the options of a command.
        Exit status: 0 valid or success, 1 invalid input, 2 usage or I/O error.
        """
    }
}
