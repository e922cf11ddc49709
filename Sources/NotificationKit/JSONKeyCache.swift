/// The member names APNs payloads and envelopes use all the time, kept as ready-made strings:
/// the reader hands these out instead of building (and validating) a new `String` per key,
/// which is a large share of reading a small payload.
enum JSONKeyCache {
    private static let names = [
        "aps", "alert", "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
        "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "badge", "sound",
        "critical", "name", "volume", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
        "content-changed",
        "input-push-token", "input-push-channel", "media-url", "image", "attachment-url", "data", "id",
        "type",
        "url", "headers", "payload", "apns-push-type", "apns-priority", "apns-topic", "apns-collapse-id",
        "apns-expiration", "apns-id",
    ]

    /// Longest name in the cache.
    static let maximumLength = 24

    /// Names by length, each with its first eight bytes as a word for a one-compare rejection.
    private static let byLength: [[(prefix: UInt64, bytes: [UInt8], name: String)]] = {
        var table = [[(prefix: UInt64, bytes: [UInt8], name: String)]](
            repeating: [], count: maximumLength + 1)
        for name in names where name.utf8.count <= maximumLength {
            let bytes = Array(name.utf8)
            let prefix = bytes.withUnsafeBufferPointer { Self.prefix($0) }
            table[bytes.count].append((prefix, bytes, name))
        }
        return table
    }()

    /// The cached string with exactly these bytes, or nil.
    static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count <= maximumLength else { return nil }
        let candidates = byLength[bytes.count]
        guard !candidates.isEmpty else { return nil }
        let prefix = prefix(bytes)
        for candidate in candidates where candidate.prefix == prefix {
            if bytes.count <= 8 { return candidate.name }
            var position = 8
            while position < bytes.count && candidate.bytes[position] == bytes[position] { position += 1 }
            if position == bytes.count { return candidate.name }
        }
        return nil
    }

    /// The first (up to) eight bytes as a little-endian word.
    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for position in 0..<min(8, bytes.count) {
            word |= UInt64(bytes[position]) << UInt64(position * 8)
        }
        return word
    }
}
