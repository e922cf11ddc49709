import Foundation

extension MHDServer {
    /// How long no request may be in flight before the connections still open count as idle
    /// keep-alive connections that a drain need not wait for.
    static let idleGrace = Duration.milliseconds(250)

    /// The client connections open now, or `nil` when the server is not running.
    public var openConnections: Int? {
        lifecycle.withLock { state in
            if case .running(let workers, _, _) = state {
                workers.currentConnections
            } else {
                nil
            }
        }
    }

    /// Stops gracefully: closes the listening socket at once (new connections are refused),
    /// lets the requests in flight finish with `Connection: close` so keep-alive clients leave,
    /// and waits until every connection has closed, or no request has been in flight for
    /// `idleGrace`, or `timeout` has passed; then stops. Returns `false` when the timeout cut
    /// the wait short. Call it from the thread that started the server, like `stop()`.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        let running = lifecycle.withLock { state -> (WorkerPool, ServerContext, ConnectionAcceptor)? in
            guard case .running(let workers, let context, let acceptor) = state else { return nil }
            return (workers, context.takeUnretainedValue(), acceptor)
        }
        guard let (workers, context, acceptor) = running else { return true }
        context.draining.store(true, ordering: .relaxed)
        acceptor.stop()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var idleSince: ContinuousClock.Instant?
        var finished = false
        while clock.now < deadline {
            if workers.currentConnections == 0 {
                finished = true
                break
            }
            if context.liveRequests.load(ordering: .relaxed) == 0 {
                let since = idleSince ?? clock.now
                idleSince = since
                if clock.now - since >= Self.idleGrace {
                    finished = true
                    break
                }
            } else {
                idleSince = nil
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        stop()
        return finished
    }
}
