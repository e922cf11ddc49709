import HTTPKit
import Testing

@testable import MHDServer

/// The framing rules as a pure function over the head (no sockets), one row per rule.
@Suite struct RequestFramingTests {
    typealias Head = [(String, String)]

    static let ambiguous: [(Head, Int, String)] = [
        ([("Host", "t"), ("Content-Length ", "5")], 400, "request.header-name"),
        ([("Host", "t"), ("Content-Length\t", "5")], 400, "request.header-name"),
        ([("Host", "t"), ("Host", "u")], 400, "request.host"),
        ([("Host", "t"), ("Content-Length", "5"), ("Content-Length", "6")], 400, "request.length"),
        ([("Host", "t"), ("Content-Length", "5"), ("Transfer-Encoding", "chunked")], 400, "request.length"),
        ([("Host", "t"), ("Transfer-Encoding", "gzip")], 501, "request.transfer-encoding"),
        ([("Host", "t"), ("Transfer-Encoding", "gzip, chunked")], 501, "request.transfer-encoding"),
        (
            [("Host", "t"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], 501,
            "request.transfer-encoding"
        ),
    ]

    static let sound: [Head] = [
        [("Host", "t")],
        [("Host", "t"), ("Content-Length", "5"), ("Content-Length", " 5")],
        [("Host", "t"), ("Transfer-Encoding", "Chunked")],
        [("Host", "t"), ("X-Note", "a value with spaces : and colons")],
    ]

    @Test(arguments: ambiguous)
    func ambiguousHeadsAreRefusedAndCloseTheConnection(fields: Head, status: Int, code: String) {
        let refusal = RequestFraming.refusal(for: HTTPHeaders(fields))
        #expect(refusal?.status.code == status)
        #expect(refusal?.code.identifier == code)
        #expect(refusal?.headers["Connection"] == "close")
    }

    @Test(arguments: sound)
    func soundHeadsPass(fields: Head) {
        #expect(RequestFraming.refusal(for: HTTPHeaders(fields)) == nil)
    }
}
