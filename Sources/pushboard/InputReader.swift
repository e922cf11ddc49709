import Foundation

/// Reads one input (a FILE operand, `-` or none for standard input) with a size cap.
///
/// Streaming with read(2) into a buffer that never grows past the cap plus one byte: an
/// endless stdin (`< /dev/zero`) or a sparse 2 GB file is refused with exit status 2 after
/// reading `maximumBytes + 1` bytes, instead of growing until the process dies. FIFOs and
/// character devices work like files, and every failure carries `strerror`.
enum InputReader {
    /// The default cap: the API's body limit (1 MiB), so what the CLI accepts the API does too.
    static let defaultMaximumBytes = 1 << 20
    /// The option that changes the cap.
    static let option = "max-bytes"
    /// The option's line in the commands' usage.
    static let help =
        "  --max-bytes N      the largest input accepted (default \(defaultMaximumBytes) bytes, the API's limit)"

    /// The whole input, or an `InputOutputError` naming the file and the reason.
    static func read(_ path: String?, maximumBytes: Int) throws(InputOutputError) -> [UInt8] {
        let name = path ?? "-"
        let descriptor: Int32
        if path == nil || path == "-" {
            descriptor = STDIN_FILENO
        } else {
            // By the bytes the shell passed: a name that is not UTF-8 opens as given.
            let path = ArgumentBytes.bytes(of: name).map { CChar(bitPattern: $0) } + [0]
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure("cannot open", name) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let wanted = min(chunk.count, maximumBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", name)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maximumBytes {
                throw InputOutputError(
                    message:
                        "'\(name)' is larger than \(maximumBytes) bytes, the most one payload may be; "
                        + "pass --\(option) N to allow more")
            }
        }
    }

    private static func failure(_ what: String, _ name: String) -> InputOutputError {
        InputOutputError(message: "\(what) '\(name)': \(String(cString: strerror(errno)))")
    }
}

extension ParsedArguments {
    /// `--max-bytes N` (1 byte to 2 GiB), or the default cap.
    func maximumInputBytes() throws(UsageError) -> Int {
        try integer(InputReader.option, in: 1...Int(Int32.max)) ?? InputReader.defaultMaximumBytes
    }
}
