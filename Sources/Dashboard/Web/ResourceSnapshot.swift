import EmbeddedResources
import HTTPKit
import Templates

/// The templates, static files and OpenAPI document the dashboard serves, compiled from one table
/// of files keyed by their path in the repository (`templates/layout.html`, `Public/app.css`,
/// `api/openapi.json`): the copy embedded in the program or the one read from `--resources DIR`.
struct ResourceSnapshot: Sendable {
    /// Every page template, compiled.
    let templates: TemplateLibrary
    /// `Public/`, served under `/static/`.
    let staticFiles: StaticFiles
    /// `Public/fonts/`, served under `/static/fonts/` with immutable caching: their file names
    /// carry the font version.
    let fonts: StaticFiles
    /// `api/openapi.json`, byte for byte.
    let openAPI: [UInt8]
    /// `docs/validation-rules.md`, rendered at `/docs/validation-rules`.
    let validationRules: [UInt8]
    /// The strip every page shows in open mode (no users), rendered once per set of templates:
    /// it is the same on every page.
    let openSessionBar: [UInt8]

    /// Where the preview's web fonts are served: their file names carry the font version, so a
    /// browser may keep them for a year without asking again.
    static let fontsPrefix = "/static/fonts/"
    /// The caching of the versioned font files.
    static let fontsCaching = "public, max-age=31536000, immutable"

    /// Compiles the table; fails for a template error (named `templates/x.html:12:7`), a template
    /// that is not UTF-8 or a missing OpenAPI document.
    init(files: [String: [UInt8]]) throws {
        var sources: [String: String] = [:]
        var publicFiles: [String: [UInt8]] = [:]
        var fontFiles: [String: [UInt8]] = [:]
        for (path, bytes) in files {
            if path.hasPrefix("templates/"), path.hasSuffix(".html") {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw DashboardError("\(path): is not valid UTF-8")
                }
                sources[String(path.dropFirst("templates/".count).dropLast(".html".count))] = text
            } else if path.hasPrefix("Public/") {
                publicFiles[String(path.dropFirst("Public/".count))] = bytes
                if path.hasPrefix("Public/fonts/") {
                    fontFiles[String(path.dropFirst("Public/fonts/".count))] = bytes
                }
            }
        }
        guard sources["layout"] != nil else { throw DashboardError("templates/layout.html is missing") }
        guard let openAPI = files["api/openapi.json"] else {
            throw DashboardError("api/openapi.json is missing")
        }
        self.templates = try TemplateLibrary(sources: sources, directoryName: "templates")
        self.staticFiles = StaticFiles(files: publicFiles)
        self.fonts = StaticFiles(
            files: fontFiles, urlPrefix: Self.fontsPrefix, cacheControl: Self.fontsCaching)
        self.openAPI = openAPI
        guard let rules = files["docs/validation-rules.md"] else {
            throw DashboardError("docs/validation-rules.md is missing")
        }
        self.validationRules = rules
        self.openSessionBar = PageDecoration.sessionBar(for: nil, templates: templates)
    }

    /// The same table read from a folder holding `templates/`, `Public/` and `api/` (a checkout):
    /// what `--resources DIR` serves, and what a test compares the embedded copy with. Hidden
    /// files are skipped as the build plugin skips them, and so are links leading outside.
    static func files(in root: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for folder in EmbeddedFiles.folders {
            for (path, bytes) in try StaticFiles.contents(ofDirectory: root + "/" + folder)
            where folder != "docs" || path.hasSuffix(".md") {
                files[folder + "/" + path] = bytes
            }
        }
        return files
    }
}
