import HTTPKit
import Localization
import NotificationKit
import NotificationPreview
import Registry
import Storage

/// `POST /api/v1/validate`, `/preview` and `/export`: payloads checked against the registry.
struct PayloadAPI: Sendable {
    let catalog: CategoryCatalog
    /// Counts validations by diagnostic code and previews by device.
    let metrics: any PayloadMetrics
    /// The app's Live Activity types, which `content-state` is checked against.
    let activityTypes: ActivityCatalog
    /// The app identity the previews are drawn with.
    let settings: SettingsStore
    /// The app's String Catalog, which localized keys are checked against when one is loaded.
    var strings: StringCatalogRegistry?

    /// Adds the payload routes.
    func register(in router: inout DashboardRoutes) {
        router.post("/api/v1/validate", .viewer) { request, _ in
            let report = try PayloadSubmission(request).analysis(
                against: try registry(), activities: try activityTypes.types(),
                localizedKeys: try strings?.snapshot().localizedKeys
            ).report
            metrics.recordValidation(report)
            return APIResponse.report(report)
        }
        router.post("/api/v1/preview", .viewer) { request, _ in
            try preview(request)
        }
        router.post("/api/v1/export", .viewer) { request, _ in
            try export(request)
        }
    }

    /// The registry now, indexed: the catalog's snapshot, never a read of the database.
    private func registry() throws -> CategoryLookup {
        try catalog.snapshot().lookup
    }

    private func preview(_ request: Request) throws -> Response {
        let options = try PreviewOptions(request)
        let analysis = try PayloadSubmission(request).analysis(
            against: try registry(), activities: try activityTypes.types(),
            localizedKeys: try strings?.snapshot().localizedKeys)
        metrics.recordValidation(analysis.report)
        metrics.recordPreview(device: options.allDevices ? "all" : options.device.rawValue)
        let content = try settings.settings().previewContent(of: analysis)
        if let asked = try LanguageMatrix.asked(request, catalog: try strings?.snapshot().catalog) {
            guard options.allDevices else {
                throw HTTPError(.invalidParameter, message: "Query parameter \"languages\" needs device=all.")
            }
            let matrix = LanguageMatrix(
                content, catalog: asked.catalog, languages: asked.languages,
                hiddenPreviews: options.hiddenPreviews,
                version: options.version)
            let response =
                options.wantsText
                ? Response(text: analysis.report.pictureHeading + "\n" + matrix.table())
                : Response(json: matrix.jsonBytes(report: analysis.report))
            return Self.marked(response, report: analysis.report)
        }
        if options.allDevices {
            let matrix = PreviewMatrix(
                content, hiddenPreviews: options.hiddenPreviews, version: options.version)
            var withCuts = analysis.report
            withCuts.diagnostics += matrix.diagnostics()
            let response =
                options.wantsText
                ? Response(text: analysis.report.pictureHeading + "\n" + matrix.table())
                : Response(json: matrix.jsonBytes(report: withCuts))
            return Self.marked(response, report: analysis.report)
        }
        let result = PreviewEngine.preview(
            content, device: options.device, surfaces: options.surfaces,
            hiddenPreviews: options.hiddenPreviews, version: options.version)
        // What CarPlay or the watch's Short Look leaves out, on those devices.
        var report = analysis.report
        report.diagnostics += PreviewMatrix.surfaceDiagnostics(content, on: options.device)
        let response =
            options.wantsText
            ? Response(text: analysis.report.pictureHeading + "\n" + result.textPicture())
            : Response(json: result.jsonBytes(report: report))
        return Self.marked(response, report: analysis.report)
    }

    /// A preview answer with the verdict where a pipeline reads it without parsing the body:
    /// `Pushboard-Valid: true|false` and, when APNs would refuse the request, `APNs-Refusal:
    /// 413 PayloadTooLarge`. The status stays 200 (CONTRACT §3: the preview is drawn either way);
    /// the text picture also starts with `valid` or `invalid`.
    private static func marked(_ response: Response, report: ValidationReport) -> Response {
        var response = response
        response.headers.add(name: "Vary", value: "Accept")
        response.headers.add(name: "Pushboard-Valid", value: report.valid ? "true" : "false")
        if let refusal = report.apnsRefusal {
            response.headers.add(name: "APNs-Refusal", value: refusal.description)
        }
        return response
    }

    private func export(_ request: Request) throws -> Response {
        guard
            let format = try QueryOptions.choice(
                "format", in: request, allowed: ["json", "apns", "curl"], fallback: nil)
        else {
            throw HTTPError(
                .invalidParameter, message: "Query parameter \"format\" is required: json, apns or curl.")
        }
        let environment =
            try QueryOptions.choice(
                "environment", in: request, allowed: PayloadExport.APNsEnvironment.allCases.map(\.rawValue),
                fallback: "sandbox"
            ).flatMap(PayloadExport.APNsEnvironment.init(rawValue:)) ?? .sandbox
        let analysis = try PayloadSubmission(request).analysis(
            against: try registry(), activities: try activityTypes.types(),
            localizedKeys: try strings?.snapshot().localizedKeys)
        metrics.recordValidation(analysis.report)
        guard analysis.report.valid else {
            return APIResponse.report(analysis.report)
        }
        let export = PayloadExport(analysis)
        do {
            switch format {
            case "apns":
                return Response(
                    json: try export.simulatorFile(bundleIdentifier: request.queryItems["bundle"]))
            case "curl":
                return Response(
                    text: try export.curlCommand(
                        deviceToken: request.queryItems["deviceToken"], environment: environment,
                        bundleIdentifier: request.queryItems["bundle"]))
            default:
                return Response(json: export.json())
            }
        } catch {
            throw error.apiError
        }
    }
}
