import HTTPKit

/// What every worker thread needs, immutable for the daemon's lifetime. It is the daemon's C context:
/// retained when the daemon starts and released only after `MHD_stop_daemon` has returned, when no
/// worker thread can touch it any more.
final class ServerContext: Sendable {
    /// Answers the requests.
    let responder: any Responder
    /// The largest body kept, in bytes.
    let bodyLimit: Int

    init(responder: any Responder, bodyLimit: Int) {
        self.responder = responder
        self.bodyLimit = bodyLimit
    }
}
