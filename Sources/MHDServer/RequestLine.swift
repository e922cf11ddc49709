import HTTPKit

/// The request line rules libmicrohttpd 0.9.75 does not enforce: `method SP target SP version`,
/// one space each, a method made of token characters, a target without spaces or control bytes.
///
/// libmicrohttpd splits the line in place, writing NUL over the spaces, and reports each part with
/// `strlen`; so `GET /a\0b HTTP/1.1` reached the handler as `GET /a`, and the rest of the line was
/// dropped without a word. With `MHD_OPTION_STRICT_FOR_CLIENT` at 1 it closed a line with a space
/// in its target without an answer; at 0 (what the server uses) it keeps the space in the target,
/// and these checks answer 400 instead. They read only the parts libmicrohttpd reported and the
/// bytes between them, which lie inside its read buffer.
enum RequestLine {
    /// The refusal for a target as the URI callback sees it (NUL-terminated where libmicrohttpd
    /// ended it), or nil when the target and what follows it are sound. Right after the target's
    /// end must come the version, `HTTP/` digit `.` digit and its NUL: anything else is what a
    /// NUL inside the target cut off (or a line with no version).
    static func targetRefusal(_ target: UnsafePointer<CChar>) -> HTTPError? {
        let bytes = UnsafeRawPointer(target).assumingMemoryBound(to: UInt8.self)
        var index = 0
        while bytes[index] != 0 {
            if !isTargetByte(bytes[index]) {
                return malformed("a space or a control character in its target")
            }
            index += 1
        }
        guard index > 0 else { return malformed("no target") }
        // Read byte by byte, stopping at the first mismatch: never past the NUL libmicrohttpd
        // wrote at the end of the line.
        var next = index + 1
        for expected in "HTTP/".utf8 {
            guard bytes[next] == expected else { return malformed("a NUL byte or junk before its version") }
            next += 1
        }
        guard HTTPSyntax.isDigit(bytes[next]), bytes[next + 1] == UInt8(ascii: "."),
            HTTPSyntax.isDigit(bytes[next + 2]),
            bytes[next + 3] == 0
        else { return malformed("a malformed version") }
        return nil
    }

    /// The refusal for a line with no target at all (`GET` alone).
    static let missingTarget = malformed("no target")

    /// The refusal for the method, or nil: `method` points at the start of the line and `target`
    /// at the target libmicrohttpd found after it; between them must lie exactly the method's
    /// NUL (one space in the line).
    static func methodRefusal(_ method: UnsafePointer<CChar>, target: UnsafePointer<CChar>) -> HTTPError? {
        let bytes = UnsafeRawPointer(method).assumingMemoryBound(to: UInt8.self)
        var length = 0
        while bytes[length] != 0 {
            guard HTTPSyntax.isToken(bytes[length]) else { return malformed("a method that is not a token") }
            length += 1
        }
        guard length > 0, UnsafeRawPointer(method) + length + 1 == UnsafeRawPointer(target) else {
            return malformed("more than one space, or a NUL byte, after its method")
        }
        return nil
    }

    /// Visible ASCII, and bytes over 0x7F (percent-encoded, then decoded as UTF-8 by `Request`,
    /// which refuses invalid text itself).
    private static func isTargetByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F
    }

    private static func malformed(_ what: String) -> HTTPError {
        HTTPError(
            .requestLine, message: "The request line has \(what); it must be METHOD SP TARGET SP HTTP/1.1.",
            headers: ["Connection": "close"])
    }
}
