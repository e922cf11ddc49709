import Foundation
import HTTPKit
import Storage
import Templates

/// `/settings`: the app identity form (a multipart post, so the icon uploads without
/// JavaScript) and `/settings/icon.png`, the stored icon served from the dashboard's own origin.
struct SettingsPages: Sendable {
    let store: SettingsStore
    let pages: PageRenderer

    /// Adds the settings page and icon routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/settings", .admin) { request, _ in
            let saved = request.queryItems["saved"] != nil
            return try page(try store.settings(), entered: nil, errors: [:], saved: saved)
        }
        router.post("/settings", .admin) { request, _ in try submit(request) }
        router.get(WorkspaceSettings.iconPath, .viewer) { request, _ in try icon(request) }
    }

    private func submit(_ request: Request) throws -> Response {
        let form = try request.multipartForm()
        for field in ["appName", "appBundleID"] where form[field].map({ $0.text == nil }) == true {
            throw HTTPError(.unreadableField, message: "The field \(field) is not UTF-8 text.")
        }
        let name = form["appName"]?.text ?? ""
        let bundleID = form["appBundleID"]?.text ?? ""
        var errors: [String: String] = [:]
        func checked<T>(_ check: () throws(SettingsError) -> T) -> T? {
            do { return try check() } catch {
                errors[error.field] = error.message
                return nil
            }
        }
        let appName = checked { () throws(SettingsError) in try WorkspaceSettings.checkedAppName(name) }
        let appBundleID = checked { () throws(SettingsError) in
            try WorkspaceSettings.checkedBundleID(bundleID)
        }
        // An empty file field keeps the icon; "Remove the icon" clears it; a file replaces it.
        var icon: AppIcon?? = form["removeIcon"]?.text == "on" ? .some(nil) : nil
        if let file = form["appIcon"], !file.body.isEmpty {
            icon = checked { () throws(SettingsError) in try AppIcon(png: file.body) }.map { .some($0) }
        }
        guard errors.isEmpty, let appName, let appBundleID else {
            var response = try page(
                try store.settings(), entered: (name, bundleID), errors: errors, saved: false)
            response.status = .unprocessableContent
            return response
        }
        try SettingsChange.update(store, by: Author.name(of: request)) { settings in
            settings.appName = appName
            settings.appBundleID = appBundleID
            if let icon { settings.appIcon = icon }
        }
        return Response(redirectTo: "/settings?saved=1")
    }

    private func page(
        _ settings: WorkspaceSettings, entered: (name: String, bundleID: String)?, errors: [String: String],
        saved: Bool
    ) throws -> Response {
        let values: [String: TemplateValue] = [
            "appName": .string(entered?.name ?? settings.appName ?? ""),
            "appBundleID": .string(entered?.bundleID ?? settings.appBundleID ?? ""),
            "iconURL": .string(settings.appIconURL ?? ""), "iconSide": .int(settings.appIcon?.side ?? 0),
            "errors": .object(errors.mapValues(TemplateValue.string)), "invalid": .bool(!errors.isEmpty),
            "flash": saved ? .list([["kind": "success", "text": "Settings saved."]]) : .list([]),
        ]
        return try pages.page("settings", title: "Settings", section: .settings, values: values)
    }

    /// The icon as stored: `image/png`, sandboxed and never sniffed, revalidated by its ETag.
    private func icon(_ request: Request) throws -> Response {
        guard let icon = try store.settings().appIcon else {
            throw HTTPError(.notFound, message: "No app icon is set.")
        }
        let tag = icon.entityTag
        let headers: HTTPHeaders = [
            "ETag": tag, "Cache-Control": "no-cache",
            "Content-Security-Policy": "sandbox; default-src 'none'",
        ]
        let known = request.headers["If-None-Match"]?.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let known, known.contains(tag) || known.contains("*") {
            return Response(status: .notModified, headers: headers)
        }
        var response = Response(status: .ok, headers: headers, body: icon.png)
        response.headers.add(name: "Content-Type", value: "image/png")
        return response
    }
}
