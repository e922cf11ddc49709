import HTTPKit
import Synchronization

/// The request body bytes the whole server may hold at once, whatever the number of clients.
///
/// The body limit bounds one request; it does not bound a thousand of them: a thousand
/// clients each trickling a 1 MiB body grew the server from 31 MB to 998 MB (issue 23). Every
/// body byte kept is taken from this budget as it arrives and given back when its request
/// ends (answered or aborted). A body announced larger than what is left is answered 503 with
/// `Retry-After` before it is read; one whose bytes no longer fit is answered 503 at once and
/// its connection closed. Bodies are counted as they arrive, not as announced, so a client that
/// announces 1 MiB and trickles a byte at a time holds a byte, not a mebibyte.
final class BodyBudget: Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let held = Atomic<Int>(0)

    /// A budget of `limit` bytes, none held.
    init(limit: Int) {
        self.limit = limit
    }

    /// The answer when the budget is spent: other bodies end soon, so come back shortly.
    static let exhausted = HTTPError(
        .overCapacity,
        message: "The server is receiving too many request bodies at once; try again in a moment.",
        headers: ["Retry-After": "1", "Connection": "close"])

    /// Takes `count` bytes; false (and nothing taken) when they do not fit.
    func take(_ count: Int) -> Bool {
        let now = held.add(count, ordering: .relaxed).newValue
        guard now > limit else { return true }
        held.subtract(count, ordering: .relaxed)
        return false
    }

    /// Gives back `count` bytes taken before.
    func giveBack(_ count: Int) {
        guard count > 0 else { return }
        held.subtract(count, ordering: .relaxed)
    }

    /// Whether `count` more bytes would fit now (a body's announced length, checked before any
    /// of it is read; the bytes are taken only as they arrive).
    func hasRoom(for count: Int) -> Bool {
        held.load(ordering: .relaxed) + count <= limit
    }

    /// The bytes held now; for tests and metrics.
    var heldBytes: Int {
        held.load(ordering: .relaxed)
    }
}
