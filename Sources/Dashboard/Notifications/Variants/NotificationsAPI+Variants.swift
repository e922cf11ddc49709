import HTTPKit
import JSON
import Localization
import NotificationKit
import Storage

/// `GET /api/v1/notifications/{id}/export?format=json[&language=TAG|all]` (issue 27): the saved
/// payload, or one language variant's, exactly as it would be sent; `language=all` gives every
/// variant's payload in one JSON object keyed by BCP 47 tag, for pipelines that send each user
/// their language.
extension NotificationsAPI {
    func registerVariantExport(in router: inout DashboardRoutes) {
        router.get("/api/v1/notifications/{id}/export", .viewer) { request, parameters in
            try exportSaved(request, id: parameters.require("id"))
        }
    }

    private func exportSaved(_ request: Request, id: String) throws -> Response {
        guard try QueryOptions.choice("format", in: request, allowed: ["json"], fallback: nil) != nil else {
            throw HTTPError(.invalidParameter, message: "Query parameter \"format\" is required: json.")
        }
        let stored = try existing(id)
        let registry = try catalog.snapshot().lookup
        guard let language = request.queryItems["language"] else {
            return Self.exported(NotificationVerdict.analysis(stored, registry: registry))
        }
        let variants = NotificationVerdict.variantAnalyses(stored, registry: registry)
        if language == "all" {
            return Self.exportedAll(variants)
        }
        if let problem = LanguageTag.problem(language) {
            throw HTTPError(
                .invalidParameter,
                message:
                    "Query parameter \"language\" must be all or a language tag: \"\(language.prefix(LanguageTag.maximumLength))\" is not, \(problem)."
            )
        }
        guard let variant = variants.first(where: { $0.tag.lowercased() == language.lowercased() }) else {
            let known =
                variants.isEmpty ? "it has none" : "it has " + variants.map(\.tag).joined(separator: ", ")
            throw HTTPError(
                .notFound, message: "Notification \"\(id)\" has no variant in \"\(language)\" (\(known)).")
        }
        return Self.exported(variant.analysis)
    }

    /// The payload's exact bytes when valid; its 422 report when not.
    private static func exported(_ analysis: PayloadAnalysis) -> Response {
        guard analysis.report.valid else { return APIResponse.report(analysis.report) }
        return Response(json: PayloadExport(analysis).json())
    }

    /// `{"cs": {payload}, "vi": {payload}}` when every variant is valid; otherwise 422 with
    /// `{"cs": {report}, …}`, every variant's report, so a pipeline sees which ones fail.
    private static func exportedAll(_ variants: [(tag: String, analysis: PayloadAnalysis)]) -> Response {
        let valid = variants.allSatisfy(\.analysis.report.valid)
        var object = JSONObjectBuilder()
        for variant in variants {
            if valid {
                let bytes = PayloadExport(variant.analysis).json()
                object.set(variant.tag, JSONReader.apns.read(bytes).root?.value ?? .null)
            } else {
                object.set(variant.tag, variant.analysis.report.jsonValue)
            }
        }
        return APIResponse.json(object.value, status: valid ? .ok : .unprocessableContent)
    }
}
