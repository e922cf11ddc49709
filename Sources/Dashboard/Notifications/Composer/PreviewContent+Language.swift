import Localization
import NotificationPreview

extension PreviewContent {
    /// The content as a device set to `language` shows it: each `*-loc-key` looked up in the
    /// app's catalog as iOS does (the language, else the development language, else the raw
    /// key), its arguments put in, the device's variation picked. Plain texts stay as they are.
    func localized(in catalog: StringCatalog, language: String, device: DeviceID) -> PreviewContent {
        let resolver = CatalogResolver(catalog: catalog, device: Self.idiom(of: device))
        func resolved(_ text: PreviewText?) -> PreviewText? {
            guard case .localized(let key, let arguments)? = text else { return text }
            return .plain(resolver.resolve(key: key, arguments: arguments, language: language).text)
        }
        var content = self
        content.title = resolved(title)
        content.subtitle = resolved(subtitle)
        content.body = resolved(body)
        return content
    }

    /// The catalog's device variation a preview device picks (`iphone`, `ipad`, `mac`,
    /// `applewatch`; CarPlay shows the iPhone's text).
    static func idiom(of device: DeviceID) -> String {
        switch device {
        case .ipad: "ipad"
        case .mac: "mac"
        case .watch, .watch42: "applewatch"
        default: "iphone"
        }
    }
}
