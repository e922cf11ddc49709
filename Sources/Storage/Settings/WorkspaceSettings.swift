/// The workspace's app identity: what the previews draw in place of "App" and the grey square.
///
/// Every field is optional; one not set keeps the neutral default. The checks live here, once,
/// for the settings page, the API and the store alike.
public struct WorkspaceSettings: Equatable, Sendable {
    /// The longest app name, in characters (grapheme clusters, as a person counts them).
    public static let maximumAppNameLength = 64
    /// The longest bundle ID, in characters: a bound well above real ones, so a stored value
    /// stays small.
    public static let maximumBundleIDLength = 255

    /// The app's name as the platter shows it, for example "Zprávy".
    public var appName: String?
    /// The app's icon.
    public var appIcon: AppIcon?
    /// The app's bundle ID, for example `com.example.news`.
    public var appBundleID: String?

    /// Settings with the given values (already checked; see the `checked…` functions).
    public init(appName: String? = nil, appIcon: AppIcon? = nil, appBundleID: String? = nil) {
        self.appName = appName
        self.appIcon = appIcon
        self.appBundleID = appBundleID
    }

    /// `text` trimmed as an app name; nil for an empty one (not set). Refuses control characters
    /// and more than 64 characters.
    public static func checkedAppName(_ text: String) throws(SettingsError) -> String? {
        let name = text.trimmingWhitespace()
        guard !name.isEmpty else { return nil }
        guard name.count <= maximumAppNameLength else {
            throw SettingsError(
                field: "appName",
                message: "The app name is \(name.count) characters; the limit is \(maximumAppNameLength).")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw SettingsError(
                field: "appName", message: "The app name must not contain control characters.")
        }
        return name
    }

    /// `text` trimmed as a bundle ID; nil for an empty one (not set). Only A–Z, a–z, 0–9, hyphen
    /// and period, as Apple allows in a bundle identifier; no empty part between periods.
    public static func checkedBundleID(_ text: String) throws(SettingsError) -> String? {
        let identifier = text.trimmingWhitespace()
        guard !identifier.isEmpty else { return nil }
        guard identifier.count <= maximumBundleIDLength else {
            throw SettingsError(
                field: "appBundleID",
                message:
                    "The app bundle ID is \(identifier.count) characters; the limit is \(maximumBundleIDLength)."
            )
        }
        let allowed = identifier.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
                    || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ".")
        }
        guard allowed else {
            throw SettingsError(
                field: "appBundleID",
                message: "The app bundle ID may contain only A–Z, a–z, 0–9, hyphen (-) and period (.).")
        }
        guard !identifier.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        else {
            throw SettingsError(
                field: "appBundleID",
                message: "The app bundle ID must not start or end with a period or contain \"..\".")
        }
        return identifier
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
