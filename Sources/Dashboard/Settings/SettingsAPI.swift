import HTTPKit
import JSON
import NotificationKit
import Storage

/// `/api/v1/settings`: the app identity as JSON, and `/api/v1/settings/icon`, the icon as the
/// raw PNG file (`Content-Type: image/png`), so a pipeline uploads it with a bare curl.
struct SettingsAPI: Sendable {
    let store: SettingsStore

    /// Adds the settings API routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/api/v1/settings", .admin) { _, _ in
            APIResponse.json(Self.json(try store.settings()))
        }
        router.put("/api/v1/settings", .admin) { request, _ in
            let body = try JSONRequestBody(request)
            let saved = try SettingsChange.update(store, by: Author.name(of: request)) {
                try Self.bind(body, into: &$0)
            }
            return APIResponse.json(Self.json(saved))
        }
        router.put("/api/v1/settings/icon", .admin) { request, _ in
            guard request.mediaType == "image/png" else {
                throw HTTPError(.unsupportedMediaType, message: "Send the icon as Content-Type: image/png.")
            }
            let icon = try Self.answering { () throws(SettingsError) in try AppIcon(png: request.body) }
            let saved = try SettingsChange.update(store, by: Author.name(of: request)) { $0.appIcon = icon }
            return APIResponse.json(Self.json(saved))
        }
        router.delete("/api/v1/settings/icon", .admin) { request, _ in
            try SettingsChange.update(store, by: Author.name(of: request)) { $0.appIcon = nil }
            return Response(status: .noContent)
        }
    }

    /// `{"appName", "appBundleID", "appIcon": {"url", "side", "bytes", "etag"}}`, null for a
    /// field not set.
    static func json(_ settings: WorkspaceSettings) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("appName", settings.appName.map(JSONValue.string) ?? .null)
        object.set("appBundleID", settings.appBundleID.map(JSONValue.string) ?? .null)
        if let icon = settings.appIcon, let url = settings.appIconURL {
            var iconObject = JSONObjectBuilder()
            iconObject.set("url", url)
            iconObject.set("side", icon.side)
            iconObject.set("bytes", icon.png.count)
            iconObject.set("etag", icon.entityTag)
            object.set("appIcon", iconObject.value)
        } else {
            object.set("appIcon", .null)
        }
        return object.value
    }

    /// Reads `appName` and `appBundleID` (a string, or null to clear); a field left out keeps
    /// its value. The icon is not a field here: it has its own route.
    private static func bind(_ body: JSONRequestBody, into settings: inout WorkspaceSettings)
        throws(HTTPError)
    {
        guard let members = body.root.value.objectMembers else {
            throw APIError.invalidField(
                "The body must be a JSON object with \"appName\" and \"appBundleID\".")
        }
        for member in members where !["appName", "appBundleID"].contains(member.key) {
            throw APIError.invalidField(
                "\"\(member.key)\" is not a setting here (expected appName, appBundleID; "
                    + "the icon goes to PUT /api/v1/settings/icon).")
        }
        for member in members {
            let value = member.value.value
            var isNull = false
            if case .null = value { isNull = true }
            guard value.stringValue != nil || isNull else {
                throw APIError.invalidField("\"\(member.key)\" must be a string or null.")
            }
            let text = value.stringValue ?? ""
            if member.key == "appName" {
                settings.appName = try answering { () throws(SettingsError) in
                    try WorkspaceSettings.checkedAppName(text)
                }
            } else {
                settings.appBundleID = try answering { () throws(SettingsError) in
                    try WorkspaceSettings.checkedBundleID(text)
                }
            }
        }
    }

    /// Runs `body`, turning a refused setting into a 422 naming the field's limit.
    private static func answering<T>(_ body: () throws(SettingsError) -> T) throws(HTTPError) -> T {
        do {
            return try body()
        } catch {
            throw HTTPError(refusedSettingCodes[error.field] ?? .invalidField, message: error.message)
        }
    }

    /// The code of a refused setting, by the field `SettingsError` names.
    private static let refusedSettingCodes: [String: APIErrorCode] = [
        "appName": .invalidAppName, "appIcon": .invalidAppIcon, "appBundleID": .invalidAppBundleID,
    ]
}
