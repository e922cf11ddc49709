import HTTPKit
import JSON
import Templates

/// Which slice of a list a request asks for: `?limit=N&offset=M`, for the notification list API
/// and page alike, so no answer grows with everything ever stored.
struct ListWindow: Equatable {
    /// Items per page when the request names no `limit`.
    static let defaultLimit = 100
    /// The most items one page may hold.
    static let maximumLimit = 500

    /// Items on this page.
    let limit: Int
    /// Items skipped before it.
    let offset: Int

    /// The window of `limit` items after `offset` (the first page by default).
    init(limit: Int = Self.defaultLimit, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    /// The template values of `templates/pagination.html` for a page of this window that shows
    /// `shown` of `total` items, each neighbour's address made by `address`.
    func paginationValues(shown: Int, total: Int, address: (Int) -> String) -> [String: TemplateValue] {
        let next = nextOffset(total: total)
        return [
            "range": .string(range(shown: shown, total: total)),
            "hasNext": .bool(next != nil), "nextAddress": .string(next.map(address) ?? ""),
            "hasPrevious": .bool(previousOffset != nil),
            "previousAddress": .string(previousOffset.map(address) ?? ""),
        ]
    }

    /// The API's paging fields of a page of this window out of `total` items at `path`:
    /// `total`, `limit` (absent for the `whole` list), `offset`, and on every page but the last
    /// `nextOffset` and `next` (the next page's address, `extra` query items first), the shape
    /// of `GET /api/v1/audit`.
    func setPaging(
        in object: inout JSONObjectBuilder, total: Int, path: String, extra: [(String, String)] = []
    ) {
        let next = nextOffset(total: total)
        object.set("total", total)
        object.set("limit", self == .whole ? nil : limit)
        object.set("offset", offset)
        object.set("nextOffset", next)
        object.set("next", next.map { address(path, offset: $0, extra: extra) })
    }

    /// A window past any list's length: a whole history in one answer.
    static let whole = ListWindow(limit: Int(Int32.max), offset: 0)

    /// The window an API history (a notification's or a category's revisions) is answered in:
    /// every revision when the request names neither `limit` nor `offset`, as CONTRACT §3 has
    /// always promised pipelines ("every saved version"), else the page it asks for, as
    /// `init(_:)` reads it. The pages, which people read, always page.
    static func history(_ request: Request) throws(HTTPError) -> ListWindow {
        if request.queryItems["limit"] == nil && request.queryItems["offset"] == nil { return .whole }
        return try ListWindow(request)
    }

    /// The window `request` asks for; a `limit` or `offset` that is not a number in range is a
    /// 400 naming the limit.
    init(_ request: Request) throws(HTTPError) {
        limit = try Self.number("limit", in: request, range: 1...Self.maximumLimit) ?? Self.defaultLimit
        offset = try Self.number("offset", in: request, range: 0...Int(Int32.max)) ?? 0
    }

    /// The offset of the next page, or nil when this one reaches the end of `total` items.
    func nextOffset(total: Int) -> Int? {
        offset + limit < total ? offset + limit : nil
    }

    /// The offset of the previous page, or nil on the first.
    var previousOffset: Int? {
        offset > 0 ? max(0, offset - limit) : nil
    }

    /// "101–200 of 240": which items of `total` this page shows (`shown` of them); "" when
    /// there are none at all, "none of 240" past the end.
    func range(shown: Int, total: Int) -> String {
        guard total > 0 else { return "" }
        guard shown > 0 else { return "none of \(total)" }
        return "\(offset + 1)–\(offset + shown) of \(total)"
    }

    /// The address of the page at `offset` of the list at `path`, with this window's `limit`
    /// when it is not the default and `extra` query items first (a search's `q`), encoded.
    func address(_ path: String, offset: Int, extra: [(String, String)] = []) -> String {
        var items = extra
        if offset > 0 { items.append(("offset", String(offset))) }
        if limit != Self.defaultLimit { items.append(("limit", String(limit))) }
        guard !items.isEmpty else { return path }
        return path + "?" + items.map { $0 + "=" + PercentEncoding.encoded($1) }.joined(separator: "&")
    }

    private static func number(_ name: String, in request: Request, range: ClosedRange<Int>)
        throws(HTTPError) -> Int?
    {
        guard let text = request.queryItems[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw HTTPError(
                .invalidParameter,
                message:
                    "Query parameter \"\(name)\" must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"."
            )
        }
        return value
    }
}
