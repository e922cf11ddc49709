import Foundation

/// Standard output and error, written as bytes so results are never re-encoded.
enum Console {
    /// Writes a line to standard output.
    static func out(_ line: String) {
        write(Array((line + "\n").utf8), to: FileHandle.standardOutput)
    }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        write(Array((line + "\n").utf8), to: FileHandle.standardError)
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

/// Reads the whole input named by a FILE operand; `-` or no operand is standard input.
func readInput(_ path: String?) throws(InputOutputError) -> [UInt8] {
    if path == nil || path == "-" {
        return Array(FileHandle.standardInput.readDataToEndOfFile())
    }
    guard let path, let data = FileManager.default.contents(atPath: path) else {
        throw InputOutputError(message: "cannot read '\(path ?? "-")'")
    }
    return Array(data)
}
