import Access
import Foundation
import HTTPKit
import NotificationKit
import Registry
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
    private let middlewares: MiddlewareChain

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
        let catalog = CategoryCatalog(store: store.categories)
        let pages = PageRenderer(templates: templates)
        let access = AccessControl(store: store.access, sessions: configuration.sessionPolicy)
        var builder = RouterBuilder()
        builder.mount("/static/") { request in try staticFiles.serve(request) }
        builder.get("/healthz") { _, _ in Response(json: #"{"status":"ok"}"#) }
        builder.get("/api/v1/openapi.json") { _, _ in Response(json: Array(openAPI)) }
        PagesSite(store: store, pages: pages).register(in: &builder)
        CategoryPages(store: store, catalog: catalog, pages: pages).register(in: &builder)
        NotificationPages(store: store, catalog: catalog, pages: pages).register(in: &builder)
        PayloadAPI(catalog: catalog).register(in: &builder)
        NotificationsAPI(store: store.notifications).register(in: &builder)
        CategoriesAPI(catalog: catalog).register(in: &builder)
        LoginPages(
            access: access, audit: store.audit, pages: pages, secureCookies: configuration.secureCookies
        )
        .register(in: &builder)
        AdminPages(access: access, audit: store.audit, pages: pages).register(in: &builder)
        let router = try builder.build { error, request in
            Self.render(error, for: request, pages: pages)
        }
        self.router = router
        self.pages = pages
        // Outermost first: the security headers go on every answer, refusals included.
        self.middlewares = MiddlewareChain(
            middlewares: [
                SecurityHeaders(), HostPolicy(allowedNames: configuration.allowedHosts), OriginPolicy(),
                Authentication(
                    access: access, audit: store.audit, router: router,
                    openWithoutUsers: configuration.openWithoutUsers, templates: templates),
            ],
            render: { error, request in Self.render(error, for: request, pages: pages) })
    }

    /// Every route the dashboard answers, for checking the OpenAPI document against it.
    public var routeTable: [Router.RouteDescription] { router.routeTable }

    /// Answers one request: through the middlewares, then the router.
    public func respond(to request: Request) -> Response {
        middlewares.respond(to: request) { router.respond(to: $0) }
    }

    /// Answers a request the server refused before reading it (413), in the request's own style
    /// and with the security headers; no other check can change that answer (CONTRACT §3).
    public func respond(to error: HTTPError, for request: Request) -> Response {
        SecurityHeaders().respond(to: request) { Self.render(error, for: $0, pages: pages) }
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
