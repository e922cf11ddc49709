/// A `multipart/form-data` body (RFC 7578) decoded strictly: the form of a file upload.
///
/// Only what browsers send is accepted: the body starts with the first delimiter (no preamble),
/// every part has a `Content-Disposition: form-data` with a quoted `name`, each name appears once
/// (except the names the caller lets repeat: a file input with `multiple` sends one part per file),
/// and the closing delimiter ends the body (an optional CRLF after it). Anything else is a 400
/// naming the fault. The body is already bounded by the server's body limit; the part count and
/// each part's header block are bounded here.
public struct MultipartForm: Sendable, Equatable {
    /// One field of the form.
    public struct Part: Sendable, Equatable {
        /// The field name.
        public var name: String
        /// The file name the browser sent, for a file field; nil for a text field.
        public var filename: String?
        /// The part's `Content-Type`, lower-cased, when given.
        public var contentType: String?
        /// The exact bytes of the value or file.
        public var body: [UInt8]

        /// The value as text, or nil when it is not UTF-8.
        public var text: String? { String(validating: body, as: UTF8.self) }
    }

    /// The most parts a form may have.
    public static let maximumParts = 32
    /// The most bytes of one part's header block.
    public static let maximumHeaderBytes = 4096

    /// The parts, in the order sent.
    public let parts: [Part]

    /// The part named `name`, if sent.
    public subscript(name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// The parts named `name`, in the order sent (several for a `multiple` file input).
    public func parts(named name: String) -> [Part] {
        parts.filter { $0.name == name }
    }

    /// Decodes `body` sent with the `Content-Type` header value `contentType`; the fields in
    /// `repeatable` may be sent more than once.
    public init(_ body: [UInt8], contentType: String, repeatable: Set<String> = []) throws(HTTPError) {
        let boundary = try Self.boundary(of: contentType)
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        guard body.starts(with: delimiter) else {
            throw Self.fault("the body does not start with the boundary")
        }
        var parts: [Part] = []
        var offset = delimiter.count
        let separator = crlf + delimiter
        while true {
            if body[offset...].starts(with: [45, 45]) {
                let rest = body[(offset + 2)...]
                guard rest.isEmpty || rest.elementsEqual(crlf) else {
                    throw Self.fault("bytes follow the closing boundary")
                }
                break
            }
            guard body[offset...].starts(with: crlf) else {
                throw Self.fault("a boundary is not followed by CRLF")
            }
            offset += 2
            guard
                let headerEnd = Self.find(crlf + crlf, in: body, from: offset, limit: Self.maximumHeaderBytes)
            else {
                throw Self.fault("a part's headers do not end with an empty line within 4096 bytes")
            }
            var part = try Self.part(headers: body[offset..<headerEnd])
            let start = headerEnd + 4
            guard let end = Self.find(separator, in: body, from: start, limit: nil) else {
                throw Self.fault("the closing boundary is missing")
            }
            part.body = Array(body[start..<end])
            guard repeatable.contains(part.name) || !parts.contains(where: { $0.name == part.name }) else {
                throw Self.fault("the field \"\(part.name)\" is sent twice")
            }
            parts.append(part)
            guard parts.count <= Self.maximumParts else {
                throw Self.fault("it has more than \(Self.maximumParts) parts")
            }
            offset = end + separator.count
        }
        self.parts = parts
    }

    /// The `boundary` parameter of a `multipart/form-data` media type (1–70 characters).
    static func boundary(of contentType: String) throws(HTTPError) -> String {
        var pieces = contentType.split(separator: ";").map { $0.trimmingASCIIWhitespace() }
        guard pieces.first?.lowercased() == "multipart/form-data" else {
            throw HTTPError(.unsupportedMediaType, message: "Send the form as multipart/form-data.")
        }
        pieces.removeFirst()
        for piece in pieces {
            guard let equals = piece.firstIndex(of: "="),
                piece[..<equals].trimmingASCIIWhitespace().lowercased() == "boundary"
            else { continue }
            var value = Substring(piece[piece.index(after: equals)...].trimmingASCIIWhitespace())
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = value.dropFirst().dropLast()
            }
            guard (1...70).contains(value.count),
                value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 && $0 != "\"" })
            else {
                throw fault("its boundary must be 1 to 70 printable characters")
            }
            return String(value)
        }
        throw fault("the Content-Type has no boundary")
    }

    private static func part(headers: ArraySlice<UInt8>) throws(HTTPError) -> Part {
        guard let text = String(validating: headers, as: UTF8.self) else {
            throw fault("a part's headers are not UTF-8")
        }
        var part = Part(name: "", filename: nil, contentType: nil, body: [])
        var named = false
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { throw fault("a part header has no colon") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingASCIIWhitespace()
            switch name {
            case "content-disposition":
                let parameters = try dispositionParameters(String(value))
                guard let fieldName = parameters["name"], !fieldName.isEmpty else {
                    throw fault("a part's Content-Disposition has no name")
                }
                part.name = fieldName
                part.filename = parameters["filename"]
                named = true
            case "content-type":
                part.contentType = value.lowercased()
            default:
                continue
            }
        }
        guard named else { throw fault("a part has no Content-Disposition: form-data header") }
        return part
    }

    /// `form-data; name="a"; filename="b.png"` as `["name": "a", "filename": "b.png"]`.
    private static func dispositionParameters(_ value: String) throws(HTTPError) -> [String: String] {
        var rest = Substring(value)
        guard rest.lowercased().hasPrefix("form-data") else {
            throw fault("a part's Content-Disposition is not form-data")
        }
        rest = rest.dropFirst("form-data".count)
        var parameters: [String: String] = [:]
        while true {
            rest = Substring(rest.trimmingASCIIWhitespace())
            guard !rest.isEmpty else { return parameters }
            guard rest.first == ";", let equals = rest.firstIndex(of: "=") else {
                throw fault("a part's Content-Disposition is malformed")
            }
            let key = rest[rest.index(after: rest.startIndex)..<equals].trimmingASCIIWhitespace().lowercased()
            rest = Substring(rest[rest.index(after: equals)...].trimmingASCIIWhitespace())
            // Browsers quote every parameter and percent-encode a quote inside, so no escapes.
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
                throw fault("a Content-Disposition parameter is not a quoted string")
            }
            parameters[key] = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The first index of `needle` in `bytes` at or after `start`, looking at most `limit` bytes.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, limit: Int?) -> Int? {
        let last = bytes.count - needle.count
        let stop = limit.map { min(last, start + $0) } ?? last
        guard start <= stop else { return nil }
        for index in start...stop where bytes[index] == needle[0] {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
        }
        return nil
    }

    private static func fault(_ what: String) -> HTTPError {
        HTTPError(.invalidMultipart, message: "The multipart form is malformed: \(what).")
    }
}
