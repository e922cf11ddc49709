import Testing

@testable import MHDServer

/// The scan for values libmicrohttpd cut at a NUL, over heads laid out the way libmicrohttpd
/// 0.9.75 leaves them after parsing (measured with a C probe: every CR, LF and colon of a header
/// line becomes NUL, values keep their trailing spaces, names and values are reported in order).
@Suite struct HeaderValueCutTests {
    /// A parsed head: `raw` with CR, LF and each line's first colon overwritten by NUL, and the
    /// (name start, value end) of each header, as libmicrohttpd reports them.
    static func scan(_ raw: [UInt8], headers: [(name: String, value: String)]) -> String? {
        var parsed = raw.map { $0 == 13 || $0 == 10 ? 0 : $0 }
        var fields: [(String, Int, Int)] = []
        var searchFrom = 0
        for header in headers {
            let name = Array(header.name.utf8)
            let start = (searchFrom..<parsed.count).first {
                Array(parsed[$0..<min(parsed.count, $0 + name.count)]) == name
            }!
            let colon = start + name.count
            parsed[colon] = 0
            var valueStart = colon + 1
            while parsed[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
            let end = valueStart + header.value.utf8.count
            fields.append((header.name, start, end))
            searchFrom = end
        }
        return parsed.withUnsafeBytes { head in
            var cut = HeaderValueCut(head: head)
            for (name, start, end) in fields {
                cut.field(name: name, nameStart: head.baseAddress! + start, valueEnd: head.baseAddress! + end)
            }
            cut.finish()
            return cut.cutName
        }
    }

    static let sound: [(String, [(String, String)])] = [
        ("GET / HTTP/1.1\r\nHost: t\r\nX-A: q\r\n\r\n", [("Host", "t"), ("X-A", "q")]),
        ("GET / HTTP/1.1\nHost: t\nX-A: q\n\n", [("Host", "t"), ("X-A", "q")]),
        (
            "GET / HTTP/1.1\r\nHost: t\r\nX-A: a b   \r\nX-Empty:\r\n\r\n",
            [("Host", "t"), ("X-A", "a b   "), ("X-Empty", "")]
        ),
    ]

    @Test(arguments: sound)
    func headsWithOnlyLineEndsAfterTheirValuesPass(raw: String, headers: [(String, String)]) {
        #expect(Self.scan(Array(raw.utf8), headers: headers.map { ($0.0, $0.1) }) == nil)
    }

    /// libmicrohttpd reports `ab` for `ab\0cd`; the scan finds the `cd` it dropped, in the middle of
    /// the head and in its last header, after one NUL or several.
    static let cut: [(String, [(String, String)], String)] = [
        (
            "GET / HTTP/1.1\r\nHost: t\r\nX-A: ab\0cd\r\nX-B: q\r\n\r\n",
            [("Host", "t"), ("X-A", "ab"), ("X-B", "q")], "X-A"
        ),
        ("GET / HTTP/1.1\r\nHost: t\r\nX-Last: ab\0cd\r\n\r\n", [("Host", "t"), ("X-Last", "ab")], "X-Last"),
        (
            "GET / HTTP/1.1\r\nHost: t\r\nX-Last: ab\0\0\0\0cd\r\n\r\n", [("Host", "t"), ("X-Last", "ab")],
            "X-Last"
        ),
        ("GET / HTTP/1.1\r\nHost: t\0evil\r\nX-B: q\r\n\r\n", [("Host", "t"), ("X-B", "q")], "Host"),
    ]

    @Test(arguments: cut)
    func aValueCutAtANULIsNamed(raw: String, headers: [(String, String)], name: String) {
        #expect(Self.scan(Array(raw.utf8), headers: headers.map { ($0.0, $0.1) }) == name)
    }

    /// libmicrohttpd rebuilds a folded header outside the head; the scan names it without
    /// reading the memory it lies in.
    @Test func aFieldOutsideTheHeadIsNamedWithoutBeingRead() {
        let outside: [UInt8] = Array("X-A: ab\0cd".utf8)
        let head: [UInt8] = Array("GET / HTTP/1.1\0\0Host\0 t\0\0\0\0".utf8)
        outside.withUnsafeBytes { elsewhere in
            head.withUnsafeBytes { bytes in
                var cut = HeaderValueCut(head: bytes)
                cut.field(name: "Host", nameStart: bytes.baseAddress! + 16, valueEnd: bytes.baseAddress! + 23)
                cut.field(
                    name: "X-A", nameStart: elsewhere.baseAddress!, valueEnd: elsewhere.baseAddress! + 7)
                cut.finish()
                #expect(cut.cutName == "X-A")
            }
        }
    }

    @Test func withoutAHeadNothingIsChecked() {
        var cut = HeaderValueCut(head: UnsafeRawBufferPointer(start: nil, count: 0))
        cut.finish()
        #expect(cut.cutName == nil)
    }
}
