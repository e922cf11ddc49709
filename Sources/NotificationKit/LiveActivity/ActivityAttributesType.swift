/// One of the app's Live Activity types: an `ActivityAttributes` struct (its stored properties
/// are the static `attributes` of a start) and its nested `ContentState` (the `content-state` of
/// every start, update and end).
///
/// Pushes name it in `attributes-type` by its Swift type name, which is its key in the registry.
public struct ActivityAttributesType: Sendable, Hashable {
    /// The struct's name, as `attributes-type` must spell it (`DeliveryAttributes`).
    public var name: String
    /// The static data, sent once as `attributes` when the activity starts.
    public var attributes: ActivityObjectType
    /// The dynamic data, sent as `content-state`.
    public var contentState: ActivityObjectType

    /// A type named `name`.
    public init(name: String, attributes: ActivityObjectType, contentState: ActivityObjectType) {
        self.name = name
        self.attributes = attributes
        self.contentState = contentState
    }
}

/// The app's activity types by name: what the validator checks Live Activity payloads against.
public struct ActivityTypeSet: Sendable, Hashable {
    /// The types, in registry order.
    public var types: [ActivityAttributesType]

    /// A set of `types` (later duplicates of a name are ignored).
    public init(_ types: [ActivityAttributesType] = []) {
        var seen = Set<[UInt8]>()
        self.types = types.filter { seen.insert(Array($0.name.utf8)).inserted }
    }

    /// The type with exactly this name (byte for byte: Swift type names are case-sensitive).
    public func type(named name: String) -> ActivityAttributesType? {
        types.first { $0.name.utf8.elementsEqual(name.utf8) }
    }

    /// The type names, in order.
    public var names: [String] { types.map(\.name) }
}
