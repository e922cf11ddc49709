import Foundation
import HTTPKit
import NotificationKit
import NotificationPreview
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

    /// Builds the dashboard. Fails with a message naming the file for a template error, a missing
    /// resource folder or a database that cannot be opened.
    public init(configuration: DashboardConfiguration) throws {
        let resources = configuration.resourceDirectory
        let templates = try TemplateLibrary(directory: resources + "/templates")
        let staticFiles = try StaticFiles(directory: resources + "/Public")
        let fonts = try StaticFiles(
            directory: resources + "/Public/fonts", urlPrefix: Self.fontsPrefix,
            cacheControl: Self.fontsCaching)
        guard let openAPI = FileManager.default.contents(atPath: resources + "/api/openapi.json") else {
            throw DashboardError("cannot read \(resources)/api/openapi.json")
        }
        let store = try Store(directory: configuration.dataDirectory)
        let pages = PageRenderer(templates: templates)
        var builder = RouterBuilder()
        builder.mount(Self.fontsPrefix) { request in try fonts.serve(request) }
        builder.mount("/static/") { request in try staticFiles.serve(request) }
        let geometry = Array(PreviewGeometry.stylesheet().utf8)
        builder.get(Self.geometryPath) { _, _ in
            Response(
                status: .ok,
                headers: ["Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=300"],
                body: geometry)
        }
        builder.get("/healthz") { _, _ in Response(json: #"{"status":"ok"}"#) }
        builder.get("/api/v1/openapi.json") { _, _ in Response(json: Array(openAPI)) }
        PagesSite(store: store, pages: pages).register(in: &builder)
        CategoryPages(store: store, pages: pages).register(in: &builder)
        NotificationPages(store: store, pages: pages).register(in: &builder)
        PayloadAPI(categories: store.categories, settings: store.settings).register(in: &builder)
        NotificationsAPI(store: store.notifications).register(in: &builder)
        CategoriesAPI(store: store.categories).register(in: &builder)
        SettingsPages(store: store.settings, pages: pages).register(in: &builder)
        SettingsAPI(store: store.settings).register(in: &builder)
        self.router = try builder.build { error, request in
            Self.render(error, for: request, pages: pages)
        }
        self.pages = pages
        self.hosts = HostPolicy(allowedNames: configuration.allowedHosts)
    }

    /// Where the preview's web fonts are served: their file names carry the font version, so a
    /// browser may keep them for a year without asking again.
    static let fontsPrefix = "/static/fonts/"
    /// The preview geometry stylesheet, generated from the engine's device profiles at start.
    static let geometryPath = "/preview/geometry.css"
    /// The caching of the versioned font files.
    static let fontsCaching = "public, max-age=31536000, immutable"

    /// Every route the dashboard answers, for checking the OpenAPI document against it.
    public var routeTable: [Router.RouteDescription] { router.routeTable }

    /// Answers one request.
    public func respond(to request: Request) -> Response {
        var response: Response
        if let refusal = hosts.refusal(for: request) ?? OriginPolicy.refusal(for: request) {
            response = respond(to: refusal, for: request)
        } else {
            response = router.respond(to: request)
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
