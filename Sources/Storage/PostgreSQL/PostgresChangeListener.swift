import Concurrency
import Foundation
import Synchronization

/// A thread holding one connection that `LISTEN`s to a channel and calls `changed` for every
/// notification, and once after every (re)connect, since what was sent while it was away is
/// lost. It reconnects by itself, once a second, while the database is unreachable.
final class PostgresChangeListener: Sendable {
    private let connectionString: String
    private let limits: PostgresConnection.Limits
    private let channel: String
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// A listener for `channel`, not started yet.
    init(connectionString: String, limits: PostgresConnection.Limits, channel: String) {
        self.connectionString = connectionString
        self.limits = limits
        self.channel = channel
    }

    /// Starts the thread; `changed` runs on it.
    func start(_ changed: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            defer { finished.signal() }
            while !stopped.load(ordering: .relaxed) {
                do {
                    let connection = try PostgresConnection(connectionString, limits: limits)
                    // A channel name is an identifier, not a value: it is a constant of the
                    // code (`PostgresDatabase.changeChannel`), quoted as one.
                    try connection.execute("LISTEN \"\(channel)\"")
                    changed()
                    while !stopped.load(ordering: .relaxed) {
                        if try connection.awaitNotifications(timeout: .milliseconds(250)) > 0 { changed() }
                    }
                } catch {
                    changed()
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
        thread.name = "pushboard-pg-listen"
        Self.withProcessSignalsBlocked { thread.start() }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP blocked in the calling thread, so a thread it
    /// creates is born blocking them (blocking them from inside the new thread would leave a
    /// moment, long on a loaded machine, in which it could take one). A process-directed signal
    /// goes to any thread that does not block it, and this thread exists in every process that
    /// opens the workspace, the CLI's too: taken here, Ctrl-C at `users add`'s password prompt
    /// ended the process by the default action, past the prompt's own waiter that puts the
    /// terminal's echo back. The process's main thread decides about them.
    private static func withProcessSignalsBlocked(_ body: () -> Void) {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        body()
    }

    /// Asks the thread to end and waits (at most a second) until it has.
    func stop() {
        requestStop()
        _ = finished.wait(timeout: .now() + 1)
    }

    /// Asks the thread to end without waiting: it closes its connection within its next wait
    /// (250 ms), so a database closed in passing (tests, `pushboard migrate`) costs no pause.
    func requestStop() {
        stopped.store(true, ordering: .relaxed)
    }
}
