import APNsWorkspace
import Access
import Foundation
import HTTPKit
import MediaCheck
import NotificationKit
import NotificationPreview
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
    /// The access each route needs, as declared where it was registered.
    let routeRoles: RouteRoles
    private let pages: PageRenderer
    private let middlewares: MiddlewareChain
    private let observer: RequestObserver
    private let trustedProxies: TrustedProxies
    /// Prunes the access tables and writes failed-login summaries (see `AccessHousekeeping`).
    let housekeeping: AccessHousekeeping
    /// The SQLite file (nil on PostgreSQL) and the log, for the checkpoint at `stop()`.
    private let database: Database?
    private let log: ServerLog

    /// Builds the dashboard. Fails with a message naming the file for a template error, a missing
    /// resource folder or a database that cannot be opened.
    public init(configuration: DashboardConfiguration) throws {
        let resources = try ResourceStore(directory: configuration.resourceDirectory)
        let store = try Self.openStore(configuration)
        let catalog = CategoryCatalog(store: store.categories)
        let activityTypes = ActivityCatalog(store: store.activityTypes)
        let strings = StringCatalogRegistry(store: store.strings)
        UnreadableRecords.log(
            catalog: catalog, activityTypes: activityTypes, notifications: store.notifications)
        let pages = PageRenderer(resources: resources)
        let log = configuration.log ?? ServerLog()
        let access = AccessControl(
            store: store.access, sessions: configuration.sessionPolicy,
            key: Self.accessKey(in: configuration.dataDirectory, log: log))
        let metrics = configuration.metrics
        metrics.observeDatabase { [database = store.database] in database.statistics() }
        let audit = AuditTrail(store: store.audit, metrics: metrics, log: log)
        let failures = LoginFailureLog()
        let housekeeping = AccessHousekeeping(
            access: access, trail: audit, failures: failures,
            retentionDays: configuration.auditRetentionDays, sendLog: store.sendLog)
        var builder = DashboardRoutes()
        EmojiFont(file: EmojiFont.defaultFile).register(in: &builder)
        builder.mount(ResourceSnapshot.fontsPrefix) { request in try resources.current.fonts.serve(request) }
        builder.mount("/static/") { request in try resources.current.staticFiles.serve(request) }
        let geometry = Array(PreviewGeometry.stylesheet().utf8)
        builder.get(Self.geometryPath, .anyone) { _, _ in
            Response(
                status: .ok,
                headers: ["Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=300"],
                body: geometry)
        }
        builder.get("/healthz", .anyone) { _, _ in Response(json: HealthReport.json) }
        ReadinessAPI(database: store.database).register(in: &builder)
        builder.get("/api/v1/openapi.json", .viewer) { _, _ in Response(json: resources.current.openAPI) }
        builder.get("/metrics", .viewer) { _, _ in
            Response(headers: ["Content-Type": Metrics.contentType], body: Array(metrics.exposition().utf8))
        }
        if let log = configuration.log { builder.errorLog = log.routerErrorLog }
        PagesSite(store: store, pages: pages).register(in: &builder)
        CategoryPages(store: store, catalog: catalog, pages: pages).register(in: &builder)
        let media = MediaChecker(configuration: configuration.media)
        NotificationPages(
            store: store, catalog: catalog, pages: pages, media: media, activityTypes: activityTypes,
            strings: strings
        ).register(in: &builder)
        MediaAPI(checker: media).register(in: &builder)
        MediaCopies(images: media.images).register(in: &builder)
        PayloadAPI(
            catalog: catalog, metrics: metrics, activityTypes: activityTypes, settings: store.settings,
            strings: strings
        ).register(in: &builder)
        StringsPages(registry: strings, pages: pages).register(in: &builder)
        StringsAPI(registry: strings).register(in: &builder)
        NotificationsAPI(store: store.notifications, catalog: catalog).register(in: &builder)
        PersonalizationPages(
            notifications: store.notifications, variables: TemplateVariableStore(database: store.database),
            catalog: catalog, pages: pages
        ).register(in: &builder)
        PersonalizationAPI(
            notifications: store.notifications, variables: TemplateVariableStore(database: store.database),
            catalog: catalog
        ).register(in: &builder)
        CategoriesAPI(catalog: catalog).register(in: &builder)
        ActivitiesAPI(catalog: activityTypes).register(in: &builder)
        RulesDocument.reading(resources.current.validationRules)
            .register(in: &builder, pages: pages)
        SettingsPages(store: store.settings, pages: pages).register(in: &builder)
        ActivityPages(catalog: activityTypes, pages: pages).register(in: &builder)
        SettingsAPI(store: store.settings).register(in: &builder)
        LoginPages(
            access: access, audit: audit, failures: failures, pages: pages,
            secureCookies: configuration.secureCookies
        )
        .register(in: &builder)
        AdminPages(access: access, audit: audit, pages: pages, housekeeping: housekeeping).register(
            in: &builder)
        AccountPages(access: access, audit: audit, pages: pages).register(in: &builder)
        Self.registerSending(
            in: &builder, store: store, catalog: catalog, pages: pages, configuration: configuration)
        let (router, roles) = try builder.build { error, request in
            if error.code == .busy { metrics.recordDatabaseBusy() }
            return Self.render(error, for: request, pages: pages)
        }
        self.router = router
        self.routeRoles = roles
        self.pages = pages
        // Outermost first: the security headers go on every answer, refusals included.
        self.middlewares = MiddlewareChain(
            middlewares: [
                SecurityHeaders(), HostPolicy(allowedNames: configuration.allowedHosts), OriginPolicy(),
                Authentication(
                    access: access, audit: audit, router: router, roles: roles.byRouteIndex(of: router),
                    openWithoutUsers: configuration.openWithoutUsers, pages: pages),
            ],
            render: { error, request in Self.render(error, for: request, pages: pages) })
        self.observer = RequestObserver(log: configuration.log, metrics: metrics)
        self.trustedProxies = TrustedProxies(addresses: Set(configuration.trustedProxies))
        self.housekeeping = housekeeping
        self.database = store.file
        self.log = log
    }

    /// Starts the upkeep thread (`AccessHousekeeping`: pruning, failed-login summaries) of a
    /// serving dashboard, once the server listens and its start is logged: the first round logs
    /// what it pruned, and a log that began with that instead of "start" misled its readers.
    /// The workspace the configuration names: the PostgreSQL database (a bounded pool of at
    /// most `PostgresDatabase.defaultConnectionLimit` connections) or the data directory's file.
    private static func openStore(_ configuration: DashboardConfiguration) throws -> Store {
        if let url = configuration.databaseURL {
            return try Store.openShared(
                connectionString: url,
                connectionLimit: min(
                    configuration.databaseConnections, PostgresDatabase.defaultConnectionLimit))
        }
        return try Store.openForServing(
            directory: configuration.dataDirectory, waitingWriterLimit: configuration.waitingWriterLimit,
            connectionLimit: configuration.databaseConnections,
            allowDamaged: configuration.allowDamagedDatabase)
    }

    /// In-process tests leave it off and run the rounds themselves.
    public func startHousekeeping() {
        housekeeping.start()
    }

    /// Ends a serving dashboard once the server has stopped, before the process exits: stops the
    /// upkeep thread after its last round (the pending failed-login summaries), then folds the
    /// write-ahead log into the database file. That happens anyway when the last connection
    /// closes, but only if every reference to the database is gone before `exit`; a thread still
    /// finishing its closure left the WAL beside a file that held none of the writes.
    public func stop() {
        housekeeping.stop()
        do {
            try database?.checkpoint()
        } catch {
            log.event(
                "checkpoint-failed", "the write-ahead log was not folded into the database: \(error)",
                level: "warning")
        }
    }

    /// The data directory's access key; when it cannot be read or created (a read-only
    /// directory) the dashboard still starts, with a key of its own, and says what that costs.
    private static func accessKey(in directory: String, log: ServerLog) -> AccessKey {
        do {
            return try AccessKey.stored(in: directory)
        } catch {
            log.event(
                "access-key", "\(error); device cookies will not outlive this process", level: "warning")
            return .ephemeral()
        }
    }

    /// The `Sending` room: APNs keys (sealed with the data directory's key), test devices, test
    /// sends to the configured endpoints, the send log.
    private static func registerSending(
        in builder: inout DashboardRoutes, store: Store, catalog: CategoryCatalog, pages: PageRenderer,
        configuration: DashboardConfiguration
    ) {
        let vault = CredentialVault(
            store: store.apnsCredentials, dataDirectory: configuration.dataDirectory,
            environment: configuration.environment)
        let sender = TestSender(vault: vault, log: store.sendLog, endpoints: configuration.apnsEndpoints)
        APNsKeyPages(vault: vault, pages: pages).register(in: &builder)
        DevicePages(devices: store.testDevices, pages: pages).register(in: &builder)
        SendPages(
            sender: sender, devices: store.testDevices, notifications: store.notifications, catalog: catalog,
            log: store.sendLog, pages: pages
        ).register(in: &builder)
        SendsAPI(
            sender: sender, devices: store.testDevices, notifications: store.notifications, catalog: catalog,
            log: store.sendLog
        ).register(in: &builder)
    }

    /// The preview geometry stylesheet, generated from the engine's device profiles at start.
    static let geometryPath = "/preview/geometry.css"

    /// Every route the dashboard answers, for checking the OpenAPI document against it.
    public var routeTable: [Router.RouteDescription] { router.routeTable }

    /// Answers one request: with a request id, an access-log line and metrics, through the
    /// middlewares, then the router.
    public func respond(to request: Request) -> Response {
        // Routed once: the metrics label, the role check and the router read the same resolution.
        let request = router.resolved(trustedProxies.resolved(request))
        return observer.observe(request, route: router.routePattern(for: request)) { request in
            middlewares.respond(to: request) { router.respond(to: $0) }
        }
    }

    /// Answers a request the server refused before reading it (413), in the request's own style
    /// and with the security headers; no other check can change that answer (CONTRACT §3).
    public func respond(to error: HTTPError, for request: Request) -> Response {
        let request = trustedProxies.resolved(request)
        return observer.observe(request, route: router.routePattern(for: request)) { request in
            SecurityHeaders().respond(to: request) { Self.render(error, for: $0, pages: pages) }
        }
    }

    /// JSON for the API, `/healthz` and clients that ask for JSON first (the composer's live
    /// updates); an HTML page inside the layout for everything else.
    private static func render(_ error: HTTPError, for request: Request, pages: PageRenderer) -> Response {
        let wantsJSON = request.headers["Accept"]?.hasPrefix("application/json") == true
        if request.path.hasPrefix("/api/") || request.path == "/healthz" || request.path == "/readyz"
            || wantsJSON
        {
            return APIError.response(error)
        }
        return pages.errorPage(error)
    }
}
