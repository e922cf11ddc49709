import JSON

/// Writing a payload made or edited in code (the composer's form fields) back to JSON. Exports
/// of a payload that was read never use this: they send the exact bytes that were validated.
extension NotificationPayload {
    /// The payload as a JSON object: `aps` first (Apple's keys in the order of apns-rules.md §3,
    /// then `otherMembers`), then the custom data in order. The media URL is written under
    /// `mediaURLKey` (default `"media-url"`) unless the custom data already holds that key.
    public var jsonValue: JSONValue {
        var root = JSONObjectBuilder()
        if let aps { root.set("aps", aps.jsonValue) }
        for member in customData where member.key != "aps" {
            root.set(member.key, member.value.value)
        }
        if let mediaURL {
            let key = mediaURLKey ?? Self.mediaURLKeys[0]
            if !customData.contains(where: { $0.key == key }) { root.set(key, .string(mediaURL)) }
        }
        return root.value
    }
}

extension APSDictionary {
    /// The `aps` dictionary as a JSON object, Apple's keys first in a fixed order.
    public var jsonValue: JSONValue {
        var aps = JSONObjectBuilder()
        if let alert {
            switch alert {
            case .text(let body): aps.set("alert", .string(body))
            case .content(let content): aps.set("alert", content.jsonValue)
            }
        }
        aps.set("badge", badge)
        if let sound {
            switch sound {
            case .named(let name): aps.set("sound", .string(name))
            case .critical(let critical):
                var dictionary = JSONObjectBuilder()
                dictionary.set("critical", critical.critical)
                dictionary.set("name", critical.name)
                dictionary.set("volume", critical.volume)
                aps.set("sound", dictionary.value)
            }
        }
        aps.set("thread-id", threadID)
        aps.set("category", category)
        aps.set("content-available", contentAvailable)
        aps.set("mutable-content", mutableContent)
        aps.set("target-content-id", targetContentID)
        aps.set("interruption-level", interruptionLevel)
        aps.set("relevance-score", relevanceScore)
        aps.set("filter-criteria", filterCriteria)
        aps.set("stale-date", staleDate)
        if let contentState { aps.set("content-state", contentState.value) }
        aps.set("timestamp", timestamp)
        aps.set("event", event)
        aps.set("dismissal-date", dismissalDate)
        aps.set("attributes-type", attributesType)
        if let attributes { aps.set("attributes", attributes.value) }
        aps.set("content-changed", contentChanged)
        for member in otherMembers {
            aps.set(member.key, member.value.value)
        }
        return aps.value
    }
}

extension AlertContent {
    /// The alert dictionary as a JSON object with the keys of apns-rules.md §4 in order.
    public var jsonValue: JSONValue {
        var alert = JSONObjectBuilder()
        alert.set("title", title)
        alert.set("subtitle", subtitle)
        alert.set("body", body)
        alert.set("launch-image", launchImage)
        alert.set("title-loc-key", titleLocKey)
        if let titleLocArgs { alert.set("title-loc-args", .list(titleLocArgs.map(JSONValue.string))) }
        alert.set("subtitle-loc-key", subtitleLocKey)
        if let subtitleLocArgs {
            alert.set("subtitle-loc-args", .list(subtitleLocArgs.map(JSONValue.string)))
        }
        alert.set("loc-key", locKey)
        if let locArgs { alert.set("loc-args", .list(locArgs.map(JSONValue.string))) }
        return alert.value
    }
}
