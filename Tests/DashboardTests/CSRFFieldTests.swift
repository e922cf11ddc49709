import Foundation
import Testing

@testable import Dashboard

/// The session's CSRF token reaches forms through the template engine: every form that posts
/// renders the `csrf-field` partial, and the page renderer gives it the session's token.
@Suite struct CSRFFieldTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A form added tomorrow without the partial fails here, not in a user's browser with a 403.
    @Test func everyFormThatPostsRendersTheCSRFField() throws {
        let templates = URL(fileURLWithPath: Self.root + "/templates")
        let files = try #require(FileManager.default.enumerator(atPath: templates.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }
        var forms = 0
        for file in files {
            let text = try String(contentsOf: templates.appendingPathComponent(file), encoding: .utf8)
            let tags = try Regex(#"<form\b[^>]*>(\{\{> csrf-field\}\})?"#)
            for match in text.matches(of: tags) where match.output[0].substring!.contains(#"method="post""#) {
                forms += 1
                #expect(match.output[1].substring != nil, "\(file): \(match.output[0].substring!)")
            }
        }
        #expect(forms >= 20)
    }

    /// The token is a value of the page: escaped like every value, right after the form tag, and
    /// absent without a session (open mode).
    @Test func thePageRendersTheSessionsTokenInItsForms() throws {
        let pages = PageRenderer(resources: try ResourceStore(directory: Self.root))
        let signedIn = try PageSession.$csrfToken.withValue("t<\"k") {
            try pages.page("access/login", title: "Log in", section: .none, values: [:])
        }
        let text = String(decoding: signedIn.body, as: UTF8.self)
        #expect(
            text.contains(
                #"<form method="post" action="/login"><input type="hidden" name="_csrf" value="t&lt;&quot;k">"#
                    + "\n"))
        let open = try pages.page("access/login", title: "Log in", section: .none, values: [:])
        #expect(!String(decoding: open.body, as: UTF8.self).contains("_csrf"))
    }
}
