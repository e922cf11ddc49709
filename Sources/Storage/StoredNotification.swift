/// A saved notification as it is now: what `GET /api/v1/notifications/{id}` shows.
public struct StoredNotification: Equatable, Sendable {
    /// Opaque, URL-safe, unguessable: 16 lowercase hex digits.
    public let id: String
    /// The name people gave it.
    public let name: String
    /// The APNs request headers as a JSON object text, stored as given.
    public let headers: String
    /// The payload text exactly as saved, byte for byte (its UTF-8 length is the size APNs sees).
    public let payload: String
    /// Starts at 1 and grows by one with every saved change; the ETag is derived from it.
    public let revision: Int
    /// When the first revision was saved (ISO 8601 UTC with milliseconds).
    public let createdAt: String
    /// Who saved the first revision.
    public let createdBy: String
    /// When the current revision was saved.
    public let updatedAt: String
    /// Who saved the current revision.
    public let updatedBy: String
    /// The per-language variants (issue 27) as a JSON object text keyed by BCP 47 tag, each
    /// `{"title", "subtitle", "body"}`; `{}` when it has none. Stored as the API checked it.
    public var variants: String = "{}"

    /// The strong HTTP entity tag of this revision, quotes included: `"r12"`.
    public var etag: String { Self.etag(forRevision: revision) }

    /// The entity tag a revision has, so handlers and tests never format it by hand.
    public static func etag(forRevision revision: Int) -> String {
        "\"r\(revision)\""
    }

    /// The revision an `If-Match` entity tag names, or nil when it is not one of ours (a weak tag,
    /// missing quotes, a number with leading zeros or sign). Surrounding spaces are ignored.
    public static func revision(fromETag tag: String) -> Int? {
        let trimmed = tag.trimmingSpaces()
        guard trimmed.hasPrefix("\"r"), trimmed.hasSuffix("\""), trimmed.count >= 4 else { return nil }
        let digits = trimmed.dropFirst(2).dropLast()
        guard let revision = Int(digits), revision > 0, String(revision) == digits else { return nil }
        return revision
    }
}

/// One row of `GET /api/v1/notifications`.
public struct NotificationSummary: Equatable, Sendable {
    /// The notification's id.
    public let id: String
    /// Its current name.
    public let name: String
    /// When its current revision was saved.
    public let updatedAt: String
    /// Its current revision, for an ETag in a list without a second read.
    public let revision: Int
}

/// One saved version of a notification: what `GET /api/v1/notifications/{id}/revisions` lists.
public struct NotificationRevision: Equatable, Sendable {
    /// 1 for the version created, then one more per update.
    public let revision: Int
    /// The name at that revision.
    public let name: String
    /// The headers JSON text at that revision.
    public let headers: String
    /// The exact payload text at that revision.
    public let payload: String
    /// The per-language variants at that revision (`{}` for none).
    public var variants: String = "{}"
    /// When it was saved.
    public let changedAt: String
    /// Who saved it.
    public let changedBy: String
}

/// What an optimistic update did. The revision check and the write happen in one
/// `BEGIN IMMEDIATE` transaction, so `.stale` means nothing at all was written.
public enum NotificationUpdateResult: Equatable, Sendable {
    /// Saved as the next revision (HTTP 200 with the new ETag).
    case updated(StoredNotification)
    /// Someone saved first; `current` is what they saved (HTTP 412, nothing changed).
    case stale(current: StoredNotification)
    /// No notification has that id (HTTP 404).
    case notFound
}

extension String {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[first...last]
    }
}
