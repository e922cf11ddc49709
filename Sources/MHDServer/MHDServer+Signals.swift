import Foundation

extension MHDServer {
    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread and so in every thread it creates
    /// later.
    ///
    /// Call it first thing in the main thread of a serving process, before anything (Foundation,
    /// SQLite, the daemon) starts threads: a process-directed signal is delivered to any thread
    /// that does not block it, and the default action would end the process without a clean stop.
    public static func blockTerminationSignals() {
        var set = SignalMask.service
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts the server if needed, blocks until SIGINT or SIGTERM, then stops it cleanly and returns
    /// the signal number. Call it from the main thread: the signals are blocked there and collected
    /// with `sigwait`, never handled in signal context.
    @discardableResult
    public func runUntilSignalled() throws(MHDServerError) -> Int32 {
        if port == nil { try start() }
        let signal = SignalMask.waitForTermination()
        stop()
        return signal
    }
}
