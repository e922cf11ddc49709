import HTTPKit

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
