import JSON

/// `aps.alert`: a plain string (shown as the body) or a dictionary (apns-rules.md §3, §4).
public enum NotificationAlert: Sendable, Hashable {
    /// The string form: the text is the body.
    case text(String)
    /// The dictionary form.
    case content(AlertContent)

    /// The alert as a dictionary; the string form becomes a body-only dictionary.
    public var content: AlertContent {
        switch self {
        case .text(let body): AlertContent(body: body)
        case .content(let content): content
        }
    }
}

/// The keys of the alert dictionary. A field is nil when absent or of the wrong type.
public struct AlertContent: Sendable, Hashable {
    /// `title`: the bold first line.
    public var title: String?
    /// `subtitle`: the line under the title.
    public var subtitle: String?
    /// `body`: the message text.
    public var body: String?
    /// `launch-image`.
    public var launchImage: String?
    /// `title-loc-key`.
    public var titleLocKey: String?
    /// `title-loc-args`.
    public var titleLocArgs: [String]?
    /// `subtitle-loc-key`.
    public var subtitleLocKey: String?
    /// `subtitle-loc-args`.
    public var subtitleLocArgs: [String]?
    /// `loc-key`.
    public var locKey: String?
    /// `loc-args`.
    public var locArgs: [String]?

    /// An alert from its fields.
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, launchImage: String? = nil,
        titleLocKey: String? = nil, titleLocArgs: [String]? = nil, subtitleLocKey: String? = nil,
        subtitleLocArgs: [String]? = nil, locKey: String? = nil, locArgs: [String]? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.launchImage = launchImage
        self.titleLocKey = titleLocKey
        self.titleLocArgs = titleLocArgs
        self.subtitleLocKey = subtitleLocKey
        self.subtitleLocArgs = subtitleLocArgs
        self.locKey = locKey
        self.locArgs = locArgs
    }

    /// True when the alert shows anything: a title, subtitle or body, literal or localized.
    public var hasVisibleText: Bool {
        title != nil || subtitle != nil || body != nil || titleLocKey != nil || subtitleLocKey != nil
            || locKey != nil
    }
}

extension NotificationAlert {
    /// Binds `aps.alert`. Live Activity alerts may give `title`/`subtitle`/`body` as
    /// `{"loc-key": …, "loc-args": […]}` (apns-rules.md §4); those bind to the matching
    /// `*-loc-key`/`*-loc-args` fields. Unknown keys are left to the validator.
    static func bind(
        _ node: some BindingSource, at path: String, with binder: inout ModelBinder
    ) -> NotificationAlert? {
        if let body = node.stringValue { return .text(body) }
        var alert = AlertContent()
        let isObject = node.forEachMember { name, value in
            guard let key = AlertKey.named(name) else { return }
            bind(key, value, at: FieldPath(parent: path, key: name), into: &alert, with: &binder)
        }
        guard isObject else {
            binder.wrongType(node, at: path, expected: "a string or an alert dictionary")
            return nil
        }
        return .content(alert)
    }

    private static func bind<Source: BindingSource>(
        _ key: AlertKey, _ value: Source, at field: FieldPath, into alert: inout AlertContent,
        with binder: inout ModelBinder
    ) {
        switch key {
        case .title:
            if !bindLocalized(
                value, at: field, key: &alert.titleLocKey, args: &alert.titleLocArgs, with: &binder)
            {
                alert.title = binder.string(value, at: field.path)
            }
        case .subtitle:
            if !bindLocalized(
                value, at: field, key: &alert.subtitleLocKey, args: &alert.subtitleLocArgs, with: &binder)
            {
                alert.subtitle = binder.string(value, at: field.path)
            }
        case .body:
            if !bindLocalized(value, at: field, key: &alert.locKey, args: &alert.locArgs, with: &binder) {
                alert.body = binder.string(value, at: field.path)
            }
        case .launchImage: alert.launchImage = binder.string(value, at: field.path)
        case .titleLocKey: alert.titleLocKey = binder.string(value, at: field.path)
        case .titleLocArgs: alert.titleLocArgs = binder.strings(value, at: field.path)
        case .subtitleLocKey: alert.subtitleLocKey = binder.string(value, at: field.path)
        case .subtitleLocArgs: alert.subtitleLocArgs = binder.strings(value, at: field.path)
        case .locKey: alert.locKey = binder.string(value, at: field.path)
        case .locArgs: alert.locArgs = binder.strings(value, at: field.path)
        }
    }

    /// Binds a nested `{"loc-key", "loc-args"}` dictionary; false when `node` is not an object.
    private static func bindLocalized(
        _ node: some BindingSource, at field: FieldPath, key: inout String?, args: inout [String]?,
        with binder: inout ModelBinder
    ) -> Bool {
        guard node.isObject else { return false }
        if let keyNode = node.member(named: "loc-key") {
            key = binder.string(keyNode, at: JSONPath.appending(key: "loc-key", to: field.path))
        }
        if let argsNode = node.member(named: "loc-args") {
            args = binder.strings(argsNode, at: JSONPath.appending(key: "loc-args", to: field.path))
        }
        return true
    }
}

/// The alert dictionary keys the model binds.
enum AlertKey: String, CaseIterable, Sendable {
    case title
    case subtitle
    case body
    case launchImage = "launch-image"
    case titleLocKey = "title-loc-key"
    case titleLocArgs = "title-loc-args"
    case subtitleLocKey = "subtitle-loc-key"
    case subtitleLocArgs = "subtitle-loc-args"
    case locKey = "loc-key"
    case locArgs = "loc-args"

    private static let table = KeyTable(AlertKey.self)

    /// The key spelled exactly `name`, byte for byte.
    static func named(_ name: String) -> AlertKey? {
        table.key(named: name)
    }

    /// The key whose UTF-8 is exactly `bytes` (a member name read in place).
    static func named(bytes: UnsafeBufferPointer<UInt8>) -> AlertKey? {
        table.key(bytes: bytes)
    }
}
