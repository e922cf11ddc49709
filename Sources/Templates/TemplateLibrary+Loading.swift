import Foundation

extension TemplateLibrary {
    /// Reads and compiles every `*.html` file under `directory`, subdirectories included.
    ///
    /// A file's template name is its path relative to `directory` without `.html`
    /// (`partials/nav.html` is `partials/nav`). Errors show files as `<last path component of
    /// directory>/<relative path>`, e.g. `templates/index.html:12:7`. Hidden files are skipped.
    public init(directory: String, missing: Missing = .renderNothing) throws(TemplateError) {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(.unreadable, "template directory '\(directory)' does not exist")
        }
        guard let relativePaths = try? files.subpathsOfDirectory(atPath: root.path) else {
            throw TemplateError(.unreadable, "template directory '\(directory)' cannot be read")
        }
        var sources: [String: String] = [:]
        for relative in relativePaths.sorted() where Self.isTemplateFile(relative) {
            let url = root.appendingPathComponent(relative)
            guard let data = try? Data(contentsOf: url) else {
                throw TemplateError(.unreadable, "\(root.lastPathComponent)/\(relative): cannot be read")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw TemplateError(.unreadable, "\(root.lastPathComponent)/\(relative): is not valid UTF-8")
            }
            sources[String(relative.dropLast(".html".count))] = text
        }
        try self.init(sources: sources, directoryName: root.lastPathComponent, missing: missing)
    }

    private static func isTemplateFile(_ relative: String) -> Bool {
        relative.hasSuffix(".html")
            && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
    }
}
