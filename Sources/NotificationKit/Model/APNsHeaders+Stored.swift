import JSON

/// The headers of a saved notification, which the store keeps as a JSON object text of the
/// known names (`{"apns-push-type":"alert","apns-priority":"10"}`): read here, once, for every
/// reader of stored headers — the composer filling its form, the list and the API's verdict.
extension APNsHeaders {
    /// The string members of `text` with a known header name, each trimmed of surrounding
    /// whitespace (as the composer saves them), an empty one left unset; anything else in the
    /// text (other names, other types, text that is no JSON object) is ignored: the store only
    /// ever keeps the known names as strings.
    public init(storedJSON text: String) {
        self.init()
        guard let root = JSONReader.apns.read(text).root else { return }
        for name in Self.names {
            guard let value = root[name]?.value.stringValue else { continue }
            let trimmed = Self.trimmingWhitespace(value)
            if !trimmed.isEmpty { self[name] = trimmed }
        }
    }

    /// `text` without the white space (Unicode `White_Space`) at either end.
    private static func trimmingWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
