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
        if case .registered(let category) = category {
            content.category = .registered(
                category.localized { resolver.format(of: $0, language: language) ?? $0 })
        }
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

extension PreviewCategory {
    /// The category with the texts the app registers through its catalog (action and button
    /// titles, the text-input placeholder, the hidden-previews placeholder) in another language:
    /// `translate` gives a text's translation, or the text itself when the catalog has no such key.
    func localized(_ translate: (String) -> String) -> PreviewCategory {
        var category = self
        category.actions = actions.map { action in
            var action = action
            action.title = translate(action.title)
            if var input = action.textInput {
                input.buttonTitle = translate(input.buttonTitle)
                input.placeholder = translate(input.placeholder)
                action.textInput = input
            }
            return action
        }
        category.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder.map(translate)
        return category
    }
}
