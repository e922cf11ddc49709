import Access
import Foundation

/// Reads a password for `users add` and `users passwd`: typed twice at a prompt with echo off
/// when standard input is a terminal, otherwise the first line of standard input (scripts:
/// `printf '%s\n' "$PW" | pushboard users add …`). Never from an argument, which `ps` and the
/// shell history would show.
enum PasswordInput {
    /// The password; an I/O error when none could be read; the `AccessError` of the dashboard's
    /// password forms when the two typings differ or are too short or long, which the commands
    /// report as invalid input (exit status 1), as they do for a piped password.
    static func read() throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            let text = String(decoding: data, as: UTF8.self)
            let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return String(line.hasSuffix("\r") ? line.dropLast() : line)
        }
        // Echo goes off before the first prompt is written and comes back after the second
        // line: a password typed ahead of its prompt, or pasted twice, is never shown.
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let first = try prompt("Password: ")
        let second = try prompt("Password again: ")
        try AccessError.checkNewPassword(first, confirmation: second)
        return first
    }

    /// Writes `text` to standard error and reads one line, echo already off; the newline the
    /// person typed is not echoed, so one is written after it.
    private static func prompt(_ text: String) throws -> String {
        FileHandle.standardError.write(Data(text.utf8))
        defer { FileHandle.standardError.write(Data("\n".utf8)) }
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw InputOutputError(message: "no password given")
        }
        return line
    }
}
