import Access
import HTTPKit
import Templates

/// What authentication adds to every HTML page after its handler made it: the strip that says
/// who is signed in (or that there is no login), and the signed-in role on `<body>`
/// (`data-role`), by which the stylesheet hides what the templates mark `data-needs-editor` or
/// `data-needs-admin` from a role that lacks it (the server refuses those requests anyway;
/// hidden, nobody fills in a form only to be told so). The session's CSRF token is not added
/// here: every form that posts renders it (`templates/csrf-field.html`, `PageSession`).
///
/// Only the dashboard's own markup can contain the layout's marker comment: every value is
/// escaped, so user text shows `&lt;!--`.
struct PageDecoration: Sendable {
    /// Who is signed in; nil in open mode.
    let principal: Principal?
    /// Where the strip's template (and the open mode's strip, rendered once) come from.
    let pages: PageRenderer

    /// Where the layout wants the strip.
    static let marker = Array("<!--pushboard:session-->".utf8)
    /// The layout's body tag, which gets the signed-in role.
    static let body = Array("<body>".utf8)

    /// `response` with the strip and the role, when it is an HTML page; anything else (the JSON
    /// API, static files) passes untouched, without rendering anything.
    func apply(to response: Response) -> Response {
        guard response.headers["Content-Type"]?.hasPrefix("text/html") == true else { return response }
        let resources = pages.resources.current
        let sessionBar =
            principal == nil
            ? resources.openSessionBar : Self.sessionBar(for: principal, templates: resources.templates)
        var response = response
        var body = Self.replacing(Self.marker, with: sessionBar, in: response.body)
        if let principal {
            let tagged = #"<body data-role=""# + principal.role.rawValue + #"">"#
            body = Self.replacing(Self.body, with: Array(tagged.utf8), in: body)
        }
        response.body = body
        return response
    }

    /// The strip for `principal` (or for open mode when nil), rendered with `templates`; empty
    /// when the template fails, so a broken strip never hides the page.
    static func sessionBar(for principal: Principal?, templates: TemplateLibrary) -> [UInt8] {
        var values: [String: TemplateValue] = ["open": .bool(principal == nil)]
        if let principal {
            values["name"] = .string(principal.name)
            values["role"] = .string(principal.role.rawValue)
            values["admin"] = .bool(principal.role.includes(.admin))
            values["readOnly"] = .bool(!principal.role.includes(.editor))
            if let csrfToken = principal.csrfToken { values["csrfToken"] = .string(csrfToken) }
        }
        return Array(((try? templates.render("access/session-bar", with: .object(values))) ?? "").utf8)
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8]
    {
        guard let start = firstIndex(of: needle, in: bytes, from: 0) else { return bytes }
        return Array(bytes[..<start]) + replacement + bytes[(start + needle.count)...]
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
