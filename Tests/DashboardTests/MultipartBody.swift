/// A `multipart/form-data` body as a browser sends a form, for the tests of the upload forms
/// (settings, Live Activity import) and of their CSRF field.
struct MultipartBody {
    /// One form field; with a filename, a file input (an empty filename: none chosen).
    struct Part {
        let name: String
        var filename: String? = nil
        var contentType: String? = nil
        let body: [UInt8]
    }

    static let boundary = "----pushboardTestBoundary7"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    /// A text field.
    static func field(_ name: String, _ value: String) -> Part {
        Part(name: name, body: Array(value.utf8))
    }

    /// The body of `parts`, in order.
    static func encode(_ parts: [Part]) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { head += "; filename=\"\(filename)\"" }
            if let type = part.contentType { head += "\r\nContent-Type: \(type)" }
            body += Array((head + "\r\n\r\n").utf8) + part.body + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\r\n".utf8)
    }
}
