/// The value of an `If-Match` or `If-None-Match` header (RFC 9110 §8.8.3, §13.1): `*`, or a
/// comma-separated list of entity tags, each `"opaque"` or weak `W/"opaque"`.
///
/// A malformed value is an error that says what is wrong, so a client that sends `r3` instead of
/// `"r3"` gets a 400 naming the mistake, not a misleading "it was changed since you read it".
public struct EntityTagList: Sendable, Equatable {
    /// One entity tag.
    public struct Tag: Sendable, Equatable {
        /// The tag with its quotes, as an `ETag` header carries it: `"r12"`.
        public var quoted: String
        /// Whether it was sent as `W/"…"`.
        public var weak: Bool
    }

    /// Whether the value was `*` (any current representation).
    public let any: Bool
    /// The tags, in order; empty for `*`.
    public let tags: [Tag]

    /// Parses `value` (the header named `header`, for the message).
    public init(_ value: String, header: String) throws(HTTPError) {
        let trimmed = value.trimmingHTTPWhitespace()
        if trimmed == "*" {
            any = true
            tags = []
            return
        }
        var tags: [Tag] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            var item = Substring(part).trimmingHTTPWhitespace()
            let weak = item.hasPrefix("W/")
            if weak { item = item.dropFirst(2) }
            let opaque = item.dropFirst().dropLast()
            guard item.count >= 2, item.first == "\"", item.last == "\"",
                opaque.unicodeScalars.allSatisfy({ $0 == "\u{21}" || ($0.value >= 0x23 && $0.value != 0x7F) })
            else {
                throw HTTPError(
                    .malformedPrecondition,
                    message:
                        "\(header) must be * or entity tags in double quotes, as the ETag header gives them "
                        + "(for example \"r3\"); \(Self.describe(item)) is not one.")
            }
            tags.append(Tag(quoted: String(item), weak: weak))
        }
        self.any = false
        self.tags = tags
    }

    /// Whether the list names `etag` (a quoted strong tag) by strong comparison, as `If-Match`
    /// needs: a weak tag never matches.
    public func strongMatch(_ etag: String) -> Bool {
        any || tags.contains { !$0.weak && $0.quoted == etag }
    }

    /// Whether the list names `etag` by weak comparison, as `If-None-Match` needs.
    public func weakMatch(_ etag: String) -> Bool {
        any || tags.contains { $0.quoted == etag }
    }

    private static func describe(_ item: Substring) -> String {
        item.isEmpty ? "an empty item" : "\"\(item.prefix(40))\""
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate func trimmingHTTPWhitespace() -> Substring {
        let text = Substring(self)
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }
}
