import EmbeddedResources
import HTTPKit
import Templates

/// Renders pages inside the layout, and error pages for every HTTP error a browser can meet.
struct PageRenderer: Sendable {
    /// Where the templates come from (embedded, or a folder reloaded on change).
    let resources: ResourceStore

    /// The templates to render this request with.
    var templates: TemplateLibrary { resources.current.templates }

    /// Which navigation entry a page belongs to.
    enum Section: String {
        case overview, categories, notifications, activities, strings, sending, settings, none
    }

    /// `name` rendered into the layout with `values` plus the layout's own values, and the
    /// session's CSRF token (`PageSession`) for the `csrf-field` partial of every form that posts,
    /// and `readOnly` (`PageSession.readOnly`) for the pages that draw a read-only view.
    func page(_ name: String, title: String, section: Section, values: [String: TemplateValue]) throws
        -> Response
    {
        var all = values
        all["title"] = .string(title)
        all["current"] = .object([section.rawValue: .bool(true)])
        all["version"] = .string(BuildInfo.version)
        if let csrfToken = PageSession.csrfToken { all["csrfToken"] = .string(csrfToken) }
        all["readOnly"] = .bool(PageSession.readOnly)
        return Response(html: try templates.render(name, in: "layout", with: .object(all)))
    }

    /// The error page inside the layout; falls back to plain text if a template fails, so an
    /// error never hides the original error.
    func errorPage(_ error: HTTPError) -> Response {
        let values: [String: TemplateValue] = [
            "status": .int(error.status.code), "title": .string(error.status.reasonPhrase),
            "message": .string(error.message),
        ]
        do {
            var response = try page(
                "error", title: error.status.reasonPhrase, section: .none, values: values)
            response.status = error.status
            for field in error.headers {
                response.headers.replaceOrAdd(name: field.name, value: field.value)
            }
            return response
        } catch {
            return Response(plainTextError: HTTPError(.internalServerError))
        }
    }
}
