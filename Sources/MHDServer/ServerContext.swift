import HTTPKit
import Synchronization

/// What every worker thread needs, immutable while the server runs; each worker's C context
/// (`WorkerContext`) holds it. Retained when the server starts and released only after every
/// worker's `MHD_stop_daemon` has returned, when no worker thread can touch it any more.
final class ServerContext: Sendable {
    /// Answers the requests.
    let responder: any Responder
    /// The largest body kept, in bytes.
    let bodyLimit: Int
    /// The body bytes every request together may hold.
    let bodyBudget: BodyBudget
    /// Requests whose context is alive (retained in the URI callback, not yet released); lets tests
    /// prove that no per-request object outlives its request, client aborts included.
    let liveRequests = Atomic<Int>(0)
    /// The head deadline and the connection count behind the 503 cap.
    let connections: ConnectionGuard
    /// Set when the server drains: answers then carry `Connection: close`, so keep-alive
    /// clients go away after their request instead of sending another.
    let draining = Atomic<Bool>(false)

    init(responder: any Responder, bodyLimit: Int, bodyBudget: BodyBudget, connections: ConnectionGuard) {
        self.responder = responder
        self.bodyLimit = bodyLimit
        self.bodyBudget = bodyBudget
        self.connections = connections
    }
}
