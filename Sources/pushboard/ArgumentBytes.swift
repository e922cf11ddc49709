import Foundation

/// The command line's arguments as the bytes the shell passed. Swift's `CommandLine.arguments`
/// decodes each as UTF-8 and replaces what is not UTF-8 with U+FFFD, so a file whose name is
/// Latin-1 (`caf\xE9.json`) could not be opened by the name the tool was given.
enum ArgumentBytes {
    /// Each argument after the program name, exactly as passed.
    static let all: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
        guard let argument = CommandLine.unsafeArgv[index] else { return [] }
        return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map {
            UInt8(bitPattern: $0)
        }
    }

    /// The bytes of the argument that decodes to `text`, or `text`'s own UTF-8 when none does (a
    /// name built by the tool, or given in a configuration file).
    static func bytes(of text: String) -> [UInt8] {
        all.first { String(decoding: $0, as: UTF8.self) == text } ?? Array(text.utf8)
    }
}
