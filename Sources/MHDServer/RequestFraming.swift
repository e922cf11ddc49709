import HTTPKit

/// The framing rules a request head must obey before anything reads its body.
///
/// Behind a proxy, any disagreement about where a request ends is request smuggling: the proxy
/// sees one request, the server two. libmicrohttpd 0.9.75 is lenient here even with
/// `MHD_OPTION_STRICT_FOR_CLIENT` (the newer `MHD_OPTION_CLIENT_DISCIPLINE_LVL` does not exist in
/// this version): `Content-Length : 5` becomes a header named `Content-Length ` that frames
/// nothing, so the body is parsed as a second request; of two `Content-Length` or two `Host`
/// headers the first silently wins; and `Transfer-Encoding: gzip` makes it wait for a body end
/// that never comes. This check runs on the head libmicrohttpd collected, as a pure function, and
/// every refusal closes the connection so no byte after the head is ever read as a request.
enum RequestFraming {
    /// The refusal for a head that frames its body ambiguously, or nil when the head is sound.
    /// `cutValueOf` names a header whose value libmicrohttpd cut at a NUL (`HeaderValueCut`);
    /// `version` is the request line's (an `HTTP/1.1` request must name its host; nil: not
    /// checked).
    static func refusal(
        for headers: HTTPHeaders, cutValueOf cutName: String? = nil, version: String? = nil
    ) -> HTTPError? {
        if let cutName {
            return refuse(
                .requestHeaderValue,
                "The value of the header \"\(printable(cutName))\" contains a NUL byte or continues on a "
                    + "folded line; header values must be one line of visible text.")
        }
        let framing = Framing(headers)
        if let name = framing.valueWithControl {
            return refuse(
                .requestHeaderValue,
                "The value of the header \"\(printable(name))\" contains a control character (a bare CR?); "
                    + "header values must be one line of visible text.")
        }
        if let name = framing.nameNotToken {
            return refuse(
                .requestHeaderName,
                "The header \"\(printable(name))\" has whitespace or a character other than letters, digits "
                    + "and !#$%&'*+-.^_`|~ in its name.")
        }
        if framing.hostCount > 1 {
            return refuse(.requestHost, "The request has more than one Host header.")
        }
        if framing.hostCount == 0, version == "HTTP/1.1" {
            return refuse(.requestHost, "An HTTP/1.1 request must have a Host header.")
        }
        if let host = framing.host, !HostValue.isWellFormed(host) {
            return refuse(
                .requestHost,
                "The Host header \"\(printable(host))\" is not a host name or address with an optional port.")
        }
        if framing.lengthsDisagree {
            return refuse(.requestLength, "The request has Content-Length headers that disagree.")
        }
        guard !framing.encodings.isEmpty else { return nil }
        if framing.length != nil {
            return refuse(.requestLength, "The request has both Content-Length and Transfer-Encoding.")
        }
        let codings = framing.encodings.flatMap {
            $0.split(separator: ",").map { trimmed(String($0)).lowercased() }
        }
        guard codings == ["chunked"] else {
            return refuse(.requestTransferEncoding, "Only the chunked transfer encoding is supported.")
        }
        return nil
    }

    /// What the framing rules look at, gathered in one pass over the fields (this runs for
    /// every request; a pass per rule, with arrays and a set, cost more than the rules).
    private struct Framing {
        /// The first field name with a byte that is not a token character (a space, a tab, a
        /// vertical tab…), or empty.
        var nameNotToken: String?
        /// The name of the first field whose value has a control byte other than a tab
        /// (libmicrohttpd keeps a bare CR inside a value).
        var valueWithControl: String?
        /// How many `Host` fields there are.
        var hostCount = 0
        /// The first `Host` value.
        var host: String?
        /// The first `Content-Length`, trimmed.
        var length: String?
        /// True when two `Content-Length` values differ (after trimming).
        var lengthsDisagree = false
        /// Every `Transfer-Encoding` value, in order.
        var encodings: [String] = []

        init(_ headers: HTTPHeaders) {
            for field in headers {
                var name = field.name
                var value = field.value
                // Over the bytes in place: a native string's UTF-8 view walked index by index,
                // and an array made of it, cost more than the rules themselves.
                if nameNotToken == nil, name.withUTF8({ $0.isEmpty || !$0.allSatisfy(HTTPSyntax.isToken) }) {
                    nameNotToken = field.name
                }
                if valueWithControl == nil, value.withUTF8({ $0.contains(where: RequestFraming.isControl) }) {
                    valueWithControl = field.name
                }
                // By length first: most fields are none of the three, and each comparison by
                // name measured the name again.
                switch name.utf8.count {
                case 4 where field.isNamed("Host"):
                    hostCount += 1
                    host = host ?? field.value
                case 14 where field.isNamed("Content-Length"):
                    let value = trimmed(field.value)
                    if let length, length != value { lengthsDisagree = true }
                    length = length ?? value
                case 17 where field.isNamed("Transfer-Encoding"):
                    encodings.append(field.value)
                default:
                    break
                }
            }
        }
    }

    private static func refuse(_ code: APIErrorCode, _ message: String) -> HTTPError {
        HTTPError(code, message: message, headers: ["Connection": "close"])
    }

    /// A control byte that may not appear in a field value: all below a space but the tab, and DEL.
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func trimmed(_ value: String) -> String {
        if let first = value.utf8.first, let last = value.utf8.last, !isWhitespace(first), !isWhitespace(last)
        {
            return value
        }
        let bytes = Array(value.utf8)
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The name with whitespace shown, so the message says exactly what was wrong.
    private static func printable(_ name: String) -> String {
        String(
            name.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?"
            })
    }
}
