import HTTPKit
import Testing

/// The strict `multipart/form-data` decoder: a browser's upload decodes byte for byte; every
/// malformed body is a 400 (or 415 for another media type) naming the fault, never a crash.
@Suite struct MultipartFormTests {
    static let contentType = "multipart/form-data; boundary=----WebKitFormBoundaryAbC123"
    static let delimiter = "------WebKitFormBoundaryAbC123"

    /// A body as Chromium sends it: a text field, a file with CRLFs and dashes inside, an empty
    /// file field.
    static func browserBody(file: [UInt8]) -> [UInt8] {
        let d = delimiter
        var body = Array("\(d)\r\nContent-Disposition: form-data; name=\"appName\"\r\n\r\nZprávy\r\n".utf8)
        body += Array(
            "\(d)\r\nContent-Disposition: form-data; name=\"appIcon\"; filename=\"icon.png\"\r\nContent-Type: image/png\r\n\r\n"
                .utf8)
        body += file
        body += Array(
            "\r\n\(d)\r\nContent-Disposition: form-data; name=\"other\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n\(d)--\r\n"
                .utf8)
        return body
    }

    @Test func decodesWhatABrowserSends() throws {
        let file: [UInt8] = [0x89, 0x50, 13, 10, 45, 45, 0, 255, 13, 10, 13, 10]
        let form = try MultipartForm(Self.browserBody(file: file), contentType: Self.contentType)
        #expect(form.parts.map(\.name) == ["appName", "appIcon", "other"])
        #expect(form["appName"]?.text == "Zprávy")
        #expect(form["appName"]?.filename == nil)
        #expect(form["appIcon"]?.body == file)
        #expect(form["appIcon"]?.filename == "icon.png")
        #expect(form["appIcon"]?.contentType == "image/png")
        #expect(form["other"]?.body == [])
        #expect(form["missing"] == nil)
    }

    @Test func quotedBoundaryAndNoFinalCRLF() throws {
        let body = Array("--x y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x y--".utf8)
        let form = try MultipartForm(
            body, contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"x y\"")
        #expect(form["a"]?.text == "1")
    }

    @Test func otherMediaTypesAre415() {
        #expect(throws: HTTPError.self) { try MultipartForm([], contentType: "application/json") }
        do {
            _ = try MultipartForm([], contentType: "application/x-www-form-urlencoded")
        } catch {
            #expect(error.status == .unsupportedMediaType)
        }
    }

    static let d = "--b"
    static let part = "Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
    static let malformed: [(String, String, String)] = [
        ("no boundary", "multipart/form-data", "has no boundary"),
        ("long boundary", "multipart/form-data; boundary=" + String(repeating: "b", count: 71), "1 to 70"),
        ("preamble", "multipart/form-data; boundary=b", "does not start with the boundary"),
        ("no closing", "multipart/form-data; boundary=b", "closing boundary is missing"),
        ("epilogue", "multipart/form-data; boundary=b", "bytes follow the closing boundary"),
        ("duplicate", "multipart/form-data; boundary=b", "sent twice"),
        ("no name", "multipart/form-data; boundary=b", "has no name"),
        ("not form-data", "multipart/form-data; boundary=b", "is not form-data"),
        ("no disposition", "multipart/form-data; boundary=b", "no Content-Disposition"),
        ("unquoted", "multipart/form-data; boundary=b", "not a quoted string"),
        ("headers unbounded", "multipart/form-data; boundary=b", "within 4096 bytes"),
        ("no CRLF", "multipart/form-data; boundary=b", "not followed by CRLF"),
        ("empty", "multipart/form-data; boundary=b", "does not start with the boundary"),
    ]

    static func body(_ name: String) -> String {
        switch name {
        case "preamble": return "hello\r\n\(d)\r\n\(part)\(d)--"
        case "no closing": return "\(d)\r\n\(part)"
        case "epilogue": return "\(d)\r\n\(part)\(d)--\r\nmore"
        case "duplicate": return "\(d)\r\n\(part)\(d)\r\n\(part)\(d)--"
        case "no name": return "\(d)\r\nContent-Disposition: form-data\r\n\r\n1\r\n\(d)--"
        case "not form-data": return "\(d)\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\n1\r\n\(d)--"
        case "no disposition": return "\(d)\r\nContent-Type: text/plain\r\n\r\n1\r\n\(d)--"
        case "unquoted": return "\(d)\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n\(d)--"
        case "headers unbounded":
            return "\(d)\r\nX: " + String(repeating: "y", count: 5000) + "\r\n\r\n1\r\n\(d)--"
        case "no CRLF": return "\(d)X\r\n\(part)\(d)--"
        case "empty": return ""
        default: return "\(d)\r\n\(part)\(d)--"
        }
    }

    @Test(arguments: malformed)
    func malformedBodiesAre400NamingTheFault(name: String, contentType: String, message: String) {
        do {
            let form = try MultipartForm(Array(Self.body(name).utf8), contentType: contentType)
            Issue.record("\(name) decoded to \(form.parts.map(\.name))")
        } catch {
            #expect(error.status == .badRequest, "\(name)")
            #expect(error.code == .invalidMultipart)
            #expect(error.message.contains(message), "\(name): \(error.message)")
        }
    }

    @Test func partCountIsBounded() {
        var body = ""
        for index in 0...MultipartForm.maximumParts {
            body += "\(Self.d)\r\nContent-Disposition: form-data; name=\"f\(index)\"\r\n\r\nv\r\n"
        }
        body += "\(Self.d)--"
        #expect(throws: HTTPError.self) {
            try MultipartForm(Array(body.utf8), contentType: "multipart/form-data; boundary=b")
        }
    }

    @Test func everyTruncationOfAValidBodyIsAnErrorNotACrash() {
        let body = Self.browserBody(file: [1, 2, 3])
        // Without its final CRLF the body is still whole (the CRLF after "--" is optional).
        for length in 0..<(body.count - 2) {
            #expect(throws: HTTPError.self) {
                try MultipartForm(Array(body[..<length]), contentType: Self.contentType)
            }
        }
    }
}
