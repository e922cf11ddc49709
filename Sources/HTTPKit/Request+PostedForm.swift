/// The one reader of posted forms, in both encodings a browser posts: the dashboard's pages,
/// its upload forms and its CSRF check all read a form through these, so "which encoding is
/// accepted, and what a wrong one is answered" is decided once.
extension Request {
    /// The fields of a posted `application/x-www-form-urlencoded` form (a body without a
    /// `Content-Type` is read as one): 415 `unsupported-media-type` for any other type, 400
    /// `form.invalid-encoding` naming each field that is not valid percent-encoded UTF-8.
    public func urlEncodedForm() throws(HTTPError) -> FormFields {
        if let type = mediaType, type != "application/x-www-form-urlencoded" {
            throw HTTPError(
                .unsupportedMediaType,
                message: "Send the form as application/x-www-form-urlencoded (got \(type)).")
        }
        do {
            return try formFields()
        } catch {
            throw error.httpError
        }
    }

    /// The parts of a posted `multipart/form-data` form (an upload): 415 for any other type, 400
    /// naming what is malformed (`MultipartForm`).
    public func multipartForm(repeatable: Set<String> = []) throws(HTTPError) -> MultipartForm {
        try MultipartForm(body, contentType: headers["Content-Type"] ?? "", repeatable: repeatable)
    }

    /// The text of the field `name` in a posted form of either encoding; nil when the body is no
    /// form, cannot be read, or has no such field (a field that is not UTF-8 has no text).
    public func postedField(_ name: String) -> String? {
        switch mediaType {
        case "application/x-www-form-urlencoded":
            return (try? formFields())?[name]
        case "multipart/form-data":
            return (try? multipartForm())?[name]?.text
        default:
            return nil
        }
    }
}
