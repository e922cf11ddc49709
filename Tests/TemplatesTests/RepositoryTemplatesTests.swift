import Foundation
import Testing

@testable import Templates

/// The real `templates/` directory of the repository loads, and each page renders in strict
/// mode with exactly the values its header comment documents.
@Suite struct RepositoryTemplatesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let templatesDirectory = root.appendingPathComponent("templates").path

    private func library() throws -> TemplateLibrary {
        try TemplateLibrary(directory: Self.templatesDirectory, missing: .error)
    }

    @Test func loadsEveryTemplate() throws {
        let names = try library().names
        #expect(Set(["layout", "index", "error"]).isSubset(of: Set(names)))
    }

    @Test func overviewInLayout() throws {
        let values: TemplateValue = [
            "title": "Overview",
            "current": ["overview": true],
            "categoryCount": 3,
            "notificationCount": 12,
        ]
        let html = try library().render("index", in: "layout", with: values)
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<title>Overview · Pushboard</title>"))
        #expect(html.contains("<a href=\"/\" aria-current=\"page\">Overview</a>"))
        #expect(html.contains("<a href=\"/categories\">Categories</a>"))
        #expect(html.contains("<a href=\"/notifications\">Notifications</a>"))
        #expect(html.contains("<span class=\"stat-value\">3</span>"))
        #expect(html.contains("<span class=\"stat-value\">12</span>"))
        #expect(html.contains("href=\"/api/v1/openapi.json\""))
        #expect(html.contains("<main id=\"main\""))
        #expect(html.contains("<section class=\"hero\""))
        #expect(!html.contains("{{"))
    }

    @Test func overviewNeedsItsCounts() throws {
        let error = #expect(throws: TemplateError.self) {
            try library().render("index", with: ["categoryCount": 1])
        }
        #expect(error?.kind == .unknownValue)
        #expect(error?.location?.file == "templates/index.html")
    }

    @Test func errorPageInLayoutEscapesItsMessage() throws {
        let values: TemplateValue = [
            "title": "Not Found",
            "status": 404,
            "message": "No page at /<script>",
            "flash": [["kind": "warning", "text": "Saved \"draft\""]],
            "version": "1.0",
        ]
        let html = try library().render("error", in: "layout", with: values)
        #expect(html.contains("<p class=\"error-status\">404</p>"))
        #expect(html.contains("<h1 id=\"error-title\">Not Found</h1>"))
        #expect(html.contains("No page at /&lt;script&gt;"))
        #expect(
            html.contains("<p class=\"message message-warning\" role=\"status\">Saved &quot;draft&quot;</p>"))
        #expect(html.contains("Pushboard 1.0 ·"))
        #expect(!html.contains("aria-current"))
    }

    /// The Content-Security-Policy forbids inline script, and styles live in the stylesheet.
    @Test func templatesHaveNoInlineScriptOrStyle() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.templatesDirectory)
        for file in files where file.hasSuffix(".html") {
            let text = try String(contentsOfFile: Self.templatesDirectory + "/" + file, encoding: .utf8)
                .lowercased()
            #expect(!text.contains("<script"), "\(file)")
            #expect(!text.contains("<style"), "\(file)")
            #expect(!text.contains(" style="), "\(file)")
            #expect(text.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "\(file)")
        }
    }

    @Test func publicAssetsExist() throws {
        let css = try String(
            contentsOf: Self.root.appendingPathComponent("Public/pushboard.css"),
            encoding: .utf8
        )
        let previewCSS = try String(
            contentsOf: Self.root.appendingPathComponent("Public/preview.css"), encoding: .utf8)
        for selector in [".message-error", ".message-warning"] {
            #expect(css.contains(selector + " {") || css.contains(selector + ",\n"), "\(selector)")
        }
        for selector in [".platter", ".platter-line", ".platter-actions"] {
            #expect(
                previewCSS.contains(selector + " {") || previewCSS.contains(selector + ",\n"), "\(selector)")
        }
        let icon = try String(
            contentsOf: Self.root.appendingPathComponent("Public/icon.svg"), encoding: .utf8)
        #expect(icon.hasPrefix("<svg"))
        #expect(!icon.lowercased().contains("<script"))
    }
}
