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
        let previousMask = restoringEchoOnSignal(saved)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            var mask = previousMask
            pthread_sigmask(SIG_SETMASK, &mask, nil)
        }
        let first = try prompt("Password: ")
        let second = try prompt("Password again: ")
        try AccessError.checkNewPassword(first, confirmation: second)
        return first
    }

    /// Ctrl-C (or a SIGTERM, a hang-up) at the prompt would end the process with echo still
    /// off, leaving the terminal showing nothing typed. So, until the prompts end, those
    /// signals are blocked in this thread and taken by one that waits for them (no Swift code
    /// runs in signal context): it puts echo back, then ends the process by the same signal, as
    /// it would have ended. Answers this thread's previous signal mask, to restore after.
    private static func restoringEchoOnSignal(_ saved: termios) -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        let waited = signals
        let thread = Thread {
            var waited = waited
            var terminal = saved
            var taken: Int32 = 0
            guard sigwait(&waited, &taken) == 0 else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &terminal)
            FileHandle.standardError.write(Data("\n".utf8))
            signal(taken, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, taken)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(taken)
        }
        thread.start()
        return previous
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
