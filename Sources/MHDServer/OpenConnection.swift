import Synchronization

extension ConnectionGuard {
    /// One open connection: its socket, its client's address, and when its request is due.
    ///
    /// A request is due twice: its head within the head deadline of the moment the server began
    /// waiting for it, and its whole body within the request deadline of that same moment. The
    /// worker thread and the watchdog race for the request: the worker claims it just before it
    /// answers (`claimAnswer`), the watchdog when it is late (`claimCut`); one atomic decides,
    /// so a request is either answered or cut, never both.
    final class OpenConnection: Sendable {
        /// The connection's socket, or -1 when libmicrohttpd did not say.
        let socket: Int32
        /// The client's numeric address, read once when the connection opened (every request
        /// on it reports it); empty when libmicrohttpd did not know it.
        let remoteAddress: String
        /// `monotonicNanoseconds()` past which the request is cut; `notDue` between its answer
        /// and the next request, `cut` once the watchdog claimed it.
        private let due = Atomic<Int64>(OpenConnection.notDue)
        /// Whether the head of the request that is due arrived (the client then waits for an
        /// answer, and a cut one is told 408).
        private let headArrived = Atomic<Bool>(false)

        /// Nothing is due: the request is being answered.
        static let notDue: Int64 = 0
        /// The watchdog cut the request.
        static let cut: Int64 = -1

        /// How the watchdog cut a late request.
        enum Cut: Equatable {
            /// The head was late: nobody waits for an answer (it may be an idle kept-alive
            /// connection), so the socket is only shut down.
            case head
            /// The body was late: the client waits for an answer, so it is told 408 first.
            case body
        }

        init(socket: Int32, remoteAddress: String) {
            self.socket = socket
            self.remoteAddress = remoteAddress
        }

        /// A request is awaited from `now`: its head is due within `headDeadline` nanoseconds.
        func awaitRequest(now: Int64, headDeadline: Int64) {
            headArrived.store(false, ordering: .sequentiallyConsistent)
            due.store(now + headDeadline, ordering: .sequentiallyConsistent)
        }

        /// The head arrived: the whole request is now due `requestDeadline` nanoseconds after it
        /// was first awaited. False when the watchdog cut it already.
        func claimHead(headDeadline: Int64, requestDeadline: Int64) -> Bool {
            headArrived.store(true, ordering: .sequentiallyConsistent)
            while true {
                let current = due.load(ordering: .sequentiallyConsistent)
                if current == Self.cut { return false }
                if current == Self.notDue { return true }
                let moved = current - headDeadline + requestDeadline
                if due.compareExchange(expected: current, desired: moved, ordering: .sequentiallyConsistent)
                    .exchanged
                {
                    return true
                }
            }
        }

        /// The request is about to be answered: nothing is due any more (the responder may take
        /// its time). False when the watchdog cut it already: then close, do not answer.
        func claimAnswer() -> Bool {
            while true {
                let current = due.load(ordering: .sequentiallyConsistent)
                if current == Self.cut { return false }
                if current == Self.notDue { return true }
                if due.compareExchange(
                    expected: current, desired: Self.notDue, ordering: .sequentiallyConsistent
                ).exchanged {
                    return true
                }
            }
        }

        /// The watchdog's turn: when the request is late at `now`, claims it and says how to cut
        /// it; nil when it is not late (or was answered or cut already).
        func claimCut(now: Int64) -> Cut? {
            let current = due.load(ordering: .sequentiallyConsistent)
            guard current > Self.notDue, now > current,
                due.compareExchange(expected: current, desired: Self.cut, ordering: .sequentiallyConsistent)
                    .exchanged
            else { return nil }
            return headArrived.load(ordering: .sequentiallyConsistent) ? .body : .head
        }
    }
}
