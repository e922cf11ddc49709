import Foundation
import HTTPKit
import NotificationKit
import Storage

/// Downloads of a notification: "Download JSON" (the exact bytes validated) and "Download
/// .apns" (for `xcrun simctl push`), offered only for a valid payload; otherwise the composer
/// is shown with its report instead.
///
/// `GET /notifications/{id}/export.json|apns` exports the saved version; `POST` to the same
/// paths (and under `/notifications/new/`) exports the posted form, so what is downloaded is
/// what the page showed, saved or not.
extension NotificationPages {
    /// The download formats.
    enum DownloadFormat: String, CaseIterable {
        case json, apns
    }

    /// Adds the download routes.
    func registerExports(in router: inout DashboardRoutes) {
        for format in DownloadFormat.allCases {
            router.get("/notifications/{id}/export.\(format.rawValue)", .viewer) { request, parameters in
                let stored = try existing(parameters.require("id"))
                // `?language=cs`: the saved variant's payload (issue 27).
                let language = request.queryItems["language"]
                let view = try composer(for: stored, options: ComposerPreviewOptions(), variant: language)
                if let language, view.variants.shown == nil {
                    throw HTTPError(
                        .notFound,
                        message: "This notification has no variant in \"\(language.prefix(64))\" to download."
                    )
                }
                return try download(view, format: format, bundle: request.queryItems["bundle"])
            }
            router.post("/notifications/new/export.\(format.rawValue)", .viewer) { request, _ in
                try downloadPosted(request, id: nil, format: format)
            }
            router.post("/notifications/{id}/export.\(format.rawValue)", .viewer) { request, parameters in
                try downloadPosted(request, id: parameters.require("id"), format: format)
            }
        }
    }

    private func downloadPosted(_ request: Request, id: String?, format: DownloadFormat) throws -> Response {
        let form = try request.urlEncodedForm()
        let stored = try id.map(existing)
        let composed = PayloadComposer.compose(ComposerFields(form))
        let revision = form["revision"].flatMap { Int($0) } ?? stored?.revision
        let view = try view(
            composed, stored: stored, revision: revision, options: ComposerPreviewOptions(form),
            variants: ComposerVariants(form))
        return try download(view, format: format, bundle: form["bundle"])
    }

    /// The attachment, or the composer with the report (422) when the payload is not valid.
    private func download(_ view: ComposerView, format: DownloadFormat, bundle: String?) throws -> Response {
        guard view.analysis.exportable else {
            var page = view
            page.flash.append(
                .init(
                    kind: "error",
                    text: "This payload has errors, so it cannot be downloaded: see Validation."))
            return try render(page, status: .unprocessableContent)
        }
        let export = PayloadExport(view.analysis.analysis)
        let body: [UInt8]
        switch format {
        case .json:
            body = export.json()
        case .apns:
            guard let bundleID = Self.simulatorBundle(typed: bundle, view: view) else {
                var page = view
                page.flash.append(.init(kind: "error", text: Self.bundleNeeded))
                return try render(page, status: .unprocessableContent)
            }
            do {
                body = try export.simulatorFile(bundleIdentifier: bundleID)
            } catch {
                var page = view
                page.flash.append(.init(kind: "error", text: error.description))
                return try render(page, status: .unprocessableContent)
            }
        }
        var response = Response(json: body)
        let name = Self.fileName(view.fields[.name].nilIfBlank ?? view.notification?.name ?? "notification")
        response.headers.replaceOrAdd(
            name: "Content-Disposition", value: "attachment; filename=\"\(name).\(format.rawValue)\"")
        return response
    }

    /// What "Download .apns" says when no bundle ID is known: simctl cannot deliver a file
    /// without "Simulator Target Bundle" unless it is given the bundle ID on its command line.
    static let bundleNeeded =
        "Download .apns needs your app's bundle ID, written into the file as \"Simulator Target Bundle\": "
        + "without it, xcrun simctl push booted FILE cannot deliver the notification. Fill in Bundle ID "
        + "under Export and download again (or set it once in Settings), or pass it to simctl: "
        + "xcrun simctl push booted com.example.app FILE."

    /// The bundle ID the `.apns` file names: the one typed under Export, else the workspace's
    /// (Settings, the field's default), else the `apns-topic` of an alert or background push,
    /// which is the bundle ID itself; nil when none is known.
    static func simulatorBundle(typed: String?, view: ComposerView) -> String? {
        if let typed = typed?.trimmingCharacters(in: .whitespaces).nilIfBlank { return typed }
        if let workspace = view.exportOptions.bundle?.nilIfBlank { return workspace }
        let headers = view.analysis.analysis.headers
        let pushType = headers["apns-push-type"] ?? APNsPushType.default.rawValue
        guard ["alert", "background"].contains(pushType) else { return nil }
        return headers["apns-topic"]?.trimmingCharacters(in: .whitespaces).nilIfBlank
    }

    /// A file name from a notification name, diacritics dropped: ASCII letters, digits, `-` and `_` only, at most 60.
    static func fileName(_ name: String) -> String {
        var result = ""
        for scalar in name.folding(options: .diacriticInsensitive, locale: nil).unicodeScalars {
            let allowed =
                scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "_")
            if allowed {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
            if result.count >= 60 { break }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "notification" : result
    }
}
