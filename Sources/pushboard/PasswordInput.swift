import Access
import Foundation

/// Reads a password for `users add` and `users passwd`: typed twice at a prompt with echo off
/// when standard input is a terminal, otherwise the first line of standard input (scripts:
/// `printf '%s\n' "$PW" | pushboard users add …`). Never from an argument, which `ps` and the
/// shell history would show.
enum PasswordInput {
    /// The password, or an I/O error when none could be read, or when the two typings differ or
    /// are too short or long (the rule of the dashboard's password forms).
    static func read() throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            let text = String(decoding: data, as: UTF8.self)
            let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return String(line.hasSuffix("\r") ? line.dropLast() : line)
        }
        let first = try prompt("Password: ")
        let second = try prompt("Password again: ")
        do {
            try AccessError.checkNewPassword(first, confirmation: second)
        } catch {
            throw InputOutputError(message: "\(error.description) Nothing changed.")
        }
        return first
    }

    private static func prompt(_ text: String) throws -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw InputOutputError(message: "no password given")
        }
        return line
    }
}
