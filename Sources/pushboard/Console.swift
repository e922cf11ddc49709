import Foundation
import NotificationKit

/// Standard output and error, written as bytes so results are never re-encoded.
enum Console {
    /// Writes a line to standard output exactly as given: for results a program reads (JSON, a
    /// report or picture whose writer already escaped its values) and for the tool's own texts.
    static func out(_ line: String) {
        write(Array((line + "\n").utf8), to: FileHandle.standardOutput)
    }

    /// Writes a message for a person to standard output, `terminalSafe` as a whole: messages
    /// quote file names, directories and names from the store, which may hold ESC or U+202E.
    static func say(_ message: String) {
        out(message.terminalSafe)
    }

    /// Writes one tab-separated line to standard output, each field `terminalSafe` (a tab or
    /// line break inside a stored name is shown as `\u{9}`, so the columns stay columns).
    static func out(fields: [String]) {
        out(fields.map(\.terminalSafe).joined(separator: "\t"))
    }

    /// Writes a line (or several) to standard error, each `terminalSafe`: errors quote file names
    /// and values.
    static func error(_ line: String) {
        let safe = line.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).terminalSafe }.joined(separator: "\n")
        write(Array((safe + "\n").utf8), to: FileHandle.standardError)
    }

    /// Writes raw bytes to standard output.
    static func outBytes(_ bytes: [UInt8]) {
        write(bytes, to: FileHandle.standardOutput)
    }

    private static func write(_ bytes: [UInt8], to handle: FileHandle) {
        handle.write(Data(bytes))
    }
}

/// A file that cannot be read or written: exit status 2.
struct InputOutputError: Error {
    var message: String
}

/// Reads the whole input named by a FILE operand; `-` or no operand is standard input. At most
/// `maximumBytes` are accepted (see `InputReader`).
func readInput(_ path: String?, maximumBytes: Int = InputReader.defaultMaximumBytes) throws(InputOutputError)
    -> [UInt8]
{
    try InputReader.read(path, maximumBytes: maximumBytes)
}
