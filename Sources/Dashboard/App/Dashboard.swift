import Access
import Foundation
import HTTPKit
import NotificationKit
import Storage
import Templates

/// The whole application as one `Responder`: pages, the JSON API and static files, behind the
/// origin check and with the security headers on every answer.
///
/// It is built once at start (templates compiled, static files loaded, database migrated) and is
/// immutable afterwards; the server's worker threads share it.
public struct Dashboard: Responder {
    private let router: Router
    private let pages: PageRenderer
    private let hosts: HostPolicy
    private let authentication: Authentication

    /// Builds the dashboard. Fails with a message naming the file for a template error, a missing
    /// resource folder or a database that cannot be opened.
    public init(configuration: DashboardConfiguration) throws {
        let resources = configuration.resourceDirectory
        let templates = try TemplateLibrary(directory: resources + "/templates")
        let staticFiles = try StaticFiles(directory: resources + "/Public")
        guard let openAPI = FileManager.default.contents(atPath: resources + "/api/openapi.json") else {
            throw DashboardError("cannot read \(resources)/api/openapi.json")
        }
        let store = try Store(directory: configuration.dataDirectory)
        let pages = PageRenderer(templates: templates)
        let access = AccessControl(store: store.access, sessions: configuration.sessionPolicy)
        var builder = RouterBuilder()
        builder.mount("/static/") { request in try staticFiles.serve(request) }
        builder.get("/healthz") { _, _ in Response(json: #"{"status":"ok"}"#) }
        builder.get("/api/v1/openapi.json") { _, _ in Response(json: Array(openAPI)) }
        PagesSite(store: store, pages: pages).register(in: &builder)
        CategoryPages(store: store, pages: pages).register(in: &builder)
        NotificationPages(store: store, pages: pages).register(in: &builder)
        PayloadAPI(categories: store.categories).register(in: &builder)
        NotificationsAPI(store: store.notifications).register(in: &builder)
        CategoriesAPI(store: store.categories).register(in: &builder)
        LoginPages(
            access: access, audit: store.audit, pages: pages, secureCookies: configuration.secureCookies
        )
        .register(in: &builder)
        AdminPages(access: access, audit: store.audit, pages: pages).register(in: &builder)
        let router = try builder.build { error, request in
            Self.render(error, for: request, pages: pages)
        }
        self.router = router
        self.authentication = Authentication(
            access: access, audit: store.audit, router: router,
            openWithoutUsers: configuration.openWithoutUsers,
            secureCookies: configuration.secureCookies, templates: templates
        ) { error, request in
            Self.render(error, for: request, pages: pages)
        }
        self.pages = pages
        self.hosts = HostPolicy(allowedNames: configuration.allowedHosts)
    }

    /// Every route the dashboard answers, for checking the OpenAPI document against it.
    public var routeTable: [Router.RouteDescription] { router.routeTable }

    /// Answers one request.
    public func respond(to request: Request) -> Response {
        var response: Response
        if let refusal = hosts.refusal(for: request) ?? OriginPolicy.refusal(for: request) {
            response = respond(to: refusal, for: request)
        } else {
            response = authentication.respond(to: request) { router.respond(to: $0) }
        }
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// Answers a request the server refused before reading it (413), in the request's own style.
    public func respond(to error: HTTPError, for request: Request) -> Response {
        var response = Self.render(error, for: request, pages: pages)
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// JSON for the API, `/healthz` and clients that ask for JSON first (the composer's live
    /// updates); an HTML page inside the layout for everything else.
    private static func render(_ error: HTTPError, for request: Request, pages: PageRenderer) -> Response {
        let wantsJSON = request.headers["Accept"]?.hasPrefix("application/json") == true
        if request.path.hasPrefix("/api/") || request.path == "/healthz" || wantsJSON {
            return APIError.response(error)
        }
        return pages.errorPage(error)
    }
}

/// A reason the dashboard cannot start.
public struct DashboardError: Error, CustomStringConvertible {
    /// What went wrong, naming the file or folder.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
