import Foundation

/// SIGINT and SIGTERM handling without a signal handler: the signals are blocked in the threads that
/// must not get them, and one thread collects them with `sigwait`, so no Swift code ever runs in
/// signal context.
enum SignalMask {
    /// The signals that ask the server to stop.
    static var termination: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Runs `body` with SIGINT and SIGTERM blocked in the calling thread, so threads it creates
    /// (libmicrohttpd's workers) inherit the block, then restores the previous mask.
    static func blockingTermination<Result>(_ body: () -> Result) -> Result {
        var set = termination
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Blocks SIGINT and SIGTERM in the calling thread for good and waits for one of them.
    static func waitForTermination() -> Int32 {
        var set = termination
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }
}
