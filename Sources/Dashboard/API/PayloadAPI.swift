import HTTPKit
import NotificationKit
import NotificationPreview
import Storage

/// `POST /api/v1/validate`, `/preview` and `/export`: payloads checked against the registry.
struct PayloadAPI: Sendable {
    let categories: CategoryStore
    /// The app identity the previews are drawn with.
    let settings: SettingsStore

    /// Adds the payload routes.
    func register(in router: inout RouterBuilder) {
        router.post("/api/v1/validate") { request, _ in
            let submission = try PayloadSubmission(request)
            let report = submission.report(against: try registry())
            return APIResponse.json(report.jsonValue, status: report.valid ? .ok : .unprocessableContent)
        }
        router.post("/api/v1/preview") { request, _ in
            try preview(request)
        }
        router.post("/api/v1/export") { request, _ in
            try export(request)
        }
    }

    /// The registry now, as a config.
    private func registry() throws -> CategoryConfig {
        try categories.config()
    }

    private func preview(_ request: Request) throws -> Response {
        let options = try PreviewOptions(request)
        let submission = try PayloadSubmission(request)
        let registry = try registry()
        let report = submission.report(against: registry)
        let payload = NotificationPayload.read(submission.bytes).payload ?? NotificationPayload()
        let content = try settings.settings().previewContent(payload: payload, registry: registry)
        if options.allDevices {
            let matrix = PreviewMatrix(
                content, hiddenPreviews: options.hiddenPreviews, version: options.version)
            let withCuts = ValidationReport(
                pushType: report.pushType, size: report.size,
                diagnostics: report.diagnostics + matrix.cutDiagnostics())
            var response =
                options.wantsText
                ? Response(text: matrix.table()) : Response(json: matrix.json(report: withCuts.json()))
            response.headers.add(name: "Vary", value: "Accept")
            return response
        }
        let result = PreviewEngine.preview(
            content, device: options.device,
            surfaces: options.surfaces, hiddenPreviews: options.hiddenPreviews, version: options.version)
        var response =
            options.wantsText
            ? Response(text: result.textPicture()) : Response(json: result.json(report: report.json()))
        response.headers.add(name: "Vary", value: "Accept")
        return response
    }

    private func export(_ request: Request) throws -> Response {
        guard
            let format = try QueryOptions.choice(
                "format", in: request, allowed: ["json", "apns", "curl"], fallback: nil)
        else {
            throw HTTPError(
                .badRequest, message: "Query parameter \"format\" is required: json, apns or curl.",
                code: "invalid-parameter")
        }
        let environment =
            try QueryOptions.choice(
                "environment", in: request, allowed: PayloadExport.APNsEnvironment.allCases.map(\.rawValue),
                fallback: "sandbox"
            ).flatMap(PayloadExport.APNsEnvironment.init(rawValue:)) ?? .sandbox
        let submission = try PayloadSubmission(request)
        let report = submission.report(against: try registry())
        guard report.valid else {
            return APIResponse.json(report.jsonValue, status: .unprocessableContent)
        }
        let export = PayloadExport(bytes: submission.bytes, headers: APNsHeaders(fields: submission.headers))
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
            throw HTTPError(.badRequest, message: error.description, code: "invalid-export")
        }
    }
}
