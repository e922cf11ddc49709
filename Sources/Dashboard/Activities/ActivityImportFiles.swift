import HTTPKit
import JSON

/// The files of one activity type import as a request sends them: one Swift file or schema
/// (`text/plain`, `text/x-swift`, `application/json`), several as `multipart/form-data`
/// (one `file` part each, as a `multiple` file input sends them; a `source` field holds
/// pasted text), or several as a JSON list `[{"name": "A.swift", "source": "…"}, …]`.
enum ActivityImportFiles {
    /// The most files one import reads.
    static let maximumFiles = 64

    /// The files of a form post: every chosen file, then the pasted text when it is not blank.
    static func fromForm(_ form: MultipartForm) -> [(name: String, bytes: [UInt8])] {
        var files: [(name: String, bytes: [UInt8])] = []
        for (position, part) in form.parts(named: "file").enumerated() where !part.body.isEmpty {
            files.append((part.filename ?? "file \(position + 1).swift", part.body))
        }
        if let pasted = form["source"]?.body, !isBlank(pasted) {
            files.append(("pasted source", pasted))
        }
        return files
    }

    /// The files of an API request body, or a 400 naming what is wrong with the list.
    static func fromRequest(_ request: Request) throws(HTTPError) -> [(name: String, bytes: [UInt8])] {
        if request.mediaType == "multipart/form-data" {
            let files = fromForm(try request.multipartForm(repeatable: ["file"]))
            guard !files.isEmpty else { throw HTTPError(.badRequest, message: "The form has no file part.") }
            return files
        }
        let first = request.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard request.mediaType == "application/json", first == UInt8(ascii: "[") else {
            return [("source", request.body)]
        }
        return try list(request.body)
    }

    /// `[{"name", "source"}, …]`.
    private static func list(_ body: [UInt8]) throws(HTTPError) -> [(name: String, bytes: [UInt8])] {
        let read = JSONReader().read(body)
        guard read.isValid, let elements = read.root?.value.arrayElements else {
            throw HTTPError(.badRequest, message: "The file list is not a valid JSON array.")
        }
        guard !elements.isEmpty, elements.count <= maximumFiles else {
            throw HTTPError(.badRequest, message: "Send between 1 and \(maximumFiles) files.")
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for (position, element) in elements.enumerated() {
            guard let name = element["name"]?.value.stringValue, !name.isEmpty,
                let source = element["source"]?.value.stringValue
            else {
                throw HTTPError(
                    .badRequest,
                    message: "File \(position + 1) of the list needs \"name\" and \"source\" strings.")
            }
            files.append((name, Array(source.utf8)))
        }
        return files
    }

    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
