extension MHDServer {
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
