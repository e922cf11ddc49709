/// The text of one alert field, either literal or a key into the app's strings file.
public enum PreviewText: Sendable, Hashable {
    /// Text shown as is (`title`, `subtitle`, `body`).
    case plain(String)
    /// `title-loc-key` / `subtitle-loc-key` / `loc-key` with their `…-loc-args`: the device
    /// looks the key up in the app's Localizable.strings, which the server does not have.
    case localized(key: String, arguments: [String])

    /// What the preview shows: the text, or the key with its arguments in a visible
    /// placeholder form (`⟨GAME_PLAY_REQUEST_FORMAT: Jenna, Frank⟩`).
    public var displayText: String {
        switch self {
        case .plain(let text):
            return text
        case .localized(let key, let arguments):
            guard !arguments.isEmpty else { return "⟨\(key)⟩" }
            return "⟨\(key): \(arguments.joined(separator: ", "))⟩"
        }
    }

    /// The localization key, when the text comes from the app's strings file.
    public var localizationKey: String? {
        if case .localized(let key, _) = self { return key }
        return nil
    }
}
