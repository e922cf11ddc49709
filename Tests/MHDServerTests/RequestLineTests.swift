import Testing

@testable import MHDServer

/// The request line checks on lines laid out as libmicrohttpd leaves them: split in place, a NUL
/// over each separating space and over the line end.
@Suite struct RequestLineTests {
    /// `line` with its spaces written over as libmicrohttpd does (the first, and the last
    /// before the version) and `CRLF` as two NULs; calls `body` with the method and target.
    static func withParsedLine<Result>(
        method: String, target: String, version: String,
        _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Result
    ) -> Result {
        let bytes = Array(method.utf8) + [0] + Array(target.utf8) + [0] + Array(version.utf8) + [0, 0]
        return bytes.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            return body(base, base + method.utf8.count + 1)
        }
    }

    static let refused: [(String, String, String)] = [
        ("GET", "/a\0b", "HTTP/1.1"),
        ("GET", "/a b", "HTTP/1.1"),
        ("GET", "/a\u{1}", "HTTP/1.1"),
        ("GET", "", "HTTP/1.1"),
        ("GET", "/a", "HTTP/1.1 junk"),
        ("GET", "/a", "HTTP/x"),
        ("GE\0T", "/a", "HTTP/1.1"),
        ("G(T", "/a", "HTTP/1.1"),
    ]

    @Test(arguments: refused)
    func malformedLinesAreRefused(method: String, target: String, version: String) {
        let refusal = Self.withParsedLine(method: method, target: target, version: version) {
            RequestLine.methodRefusal($0, target: $1) ?? RequestLine.targetRefusal($1)
        }
        #expect(refusal?.status == .badRequest)
        #expect(refusal?.code == .requestLine)
        #expect(refusal?.headers["Connection"] == "close")
    }

    @Test(arguments: [
        ("GET", "/a?b=c%20d&e", "HTTP/1.1"), ("OPTIONS", "*", "HTTP/1.0"), ("M-1", "/\u{E9}", "HTTP/1.1"),
    ])
    func soundLinesPass(method: String, target: String, version: String) {
        let refusal = Self.withParsedLine(method: method, target: target, version: version) {
            RequestLine.methodRefusal($0, target: $1) ?? RequestLine.targetRefusal($1)
        }
        #expect(refusal == nil)
    }

    @Test(arguments: [
        "t", "T-1.example_x~", "127.0.0.1:8080", "[::1]:80", "[::ffff:1.2.3.4]", "", "t:", "a%41b",
    ])
    func wellFormedHostValues(value: String) {
        #expect(HostValue.isWellFormed(value))
    }

    @Test(arguments: [
        "127.0.0.1:80garbage", "127.0.0.1 garbage", "localhost/x", "[::1]x", "[]", "[::1", "a:123456",
        "a@b", "a%4", "\u{E9}.example", "a:b:c",
    ])
    func malformedHostValues(value: String) {
        #expect(!HostValue.isWellFormed(value))
    }
}
