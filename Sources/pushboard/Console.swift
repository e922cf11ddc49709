import Foundation
import NotificationKit

/// Standard output and error, written as bytes so results are never re-encoded.
enum Console {
    /// Writes a line to standard output.
    static func out(_ line: String) {
        write(Array((line + "\n").utf8), to: FileHandle.standardOutput)
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
