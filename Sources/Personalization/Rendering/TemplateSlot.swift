/// One string of the payload (or the collapse-id header) that holds tags, with where it is.
public struct TemplateSlot: Sendable, Hashable {
    /// The JSON path of the string (`$.aps.alert.body`), or `header:apns-collapse-id`.
    public var path: String
    /// The string, parsed.
    public var text: TemplateText
}
