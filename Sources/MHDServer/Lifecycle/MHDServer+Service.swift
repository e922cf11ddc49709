import Foundation

extension MHDServer {
    /// How a service run ended.
    public struct ServiceStop: Sendable {
        /// The signal that stopped it (SIGTERM or SIGINT).
        public let signal: Int32
        /// Whether every request in flight finished before the drain timeout.
        public let drained: Bool
    }

    /// Runs the server as a service, the whole lifecycle in one call: starts it if needed, tells
    /// systemd it is ready once it listens, calls `onHangup` for each SIGHUP (reopen the log),
    /// and on SIGTERM or SIGINT tells systemd it is stopping and drains for at most
    /// `drainTimeout`. Call it from the main thread after `blockTerminationSignals()`.
    public func runAsService(
        drainTimeout: Duration, notifier: ServiceNotifier = ServiceNotifier(), onHangup: () -> Void
    ) throws(MHDServerError) -> ServiceStop {
        if port == nil { try start() }
        notifier.notify("READY=1\nMAINPID=\(getpid())")
        while true {
            let signal = SignalMask.waitForServiceSignal()
            if signal == SIGHUP {
                onHangup()
                continue
            }
            notifier.notify("STOPPING=1")
            return ServiceStop(signal: signal, drained: drain(timeout: drainTimeout))
        }
    }
}
