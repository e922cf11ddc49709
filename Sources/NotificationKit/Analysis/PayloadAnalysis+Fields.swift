import JSON

/// The few fields a preview draws, bound from the one read's flat document by the model's own
/// rules (`NotificationAlert`, `NotificationPayload.mediaMember`), without building the tree or
/// binding the rest of the payload: the same values as `payload?.aps?.alert`,
/// `payload?.mediaURL` and `payload?.aps?.category`.
extension PayloadAnalysis {
    /// `aps.alert` as the model binds it, nil when the payload has none (or no `aps` object).
    public var alert: NotificationAlert? {
        guard let aps = apsView, let alert = aps["alert"] else { return nil }
        var binder = ModelBinder()
        return NotificationAlert.bind(alert, at: Self.alertPath, with: &binder)
    }

    /// The media URL, when the media member (`NotificationPayload.mediaMember(in:)`) holds a
    /// string.
    public var mediaURL: String? {
        guard let root = document.rootView, case .object(let members) = root.value else { return nil }
        return NotificationPayload.mediaMember(in: members)?.value.value.stringValue
    }

    /// `aps.category` when it is a string, registered or not.
    public var categoryIdentifier: String? {
        apsView?["category"]?.value.stringValue
    }

    /// `$.aps.alert`, where the alert's diagnostics point.
    private static let alertPath = JSONPath.appending(
        key: "alert", to: JSONPath.appending(key: "aps", to: JSONPath.root))

    /// The root's last `aps` member when it is an object (the one the model binds).
    private var apsView: JSONView? {
        guard let aps = document.rootView?["aps"], aps.kind == .object else { return nil }
        return aps
    }
}
