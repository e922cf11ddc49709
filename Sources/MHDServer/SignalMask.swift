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

    /// The signals a service waits for: the termination signals and SIGHUP (reopen the log).
    static var service: sigset_t {
        var set = termination
        sigaddset(&set, SIGHUP)
        return set
    }

    /// Blocks the service signals in the calling thread for good and waits for one of them.
    static func waitForServiceSignal() -> Int32 {
        wait(for: service)
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP blocked in the calling thread, so threads it creates
    /// (libmicrohttpd's workers) inherit the block, then restores the previous mask.
    static func blockingTermination<Result>(_ body: () -> Result) -> Result {
        var set = service
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Blocks SIGINT and SIGTERM in the calling thread for good and waits for one of them.
    static func waitForTermination() -> Int32 {
        wait(for: termination)
    }

    /// Blocks `signals` in the calling thread for good and waits for one of them.
    private static func wait(for signals: sigset_t) -> Int32 {
        var set = signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }
}
