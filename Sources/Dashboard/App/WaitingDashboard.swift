import Concurrency
import Foundation
import HTTPKit
import JSON
import Storage

/// The responder of an instance whose PostgreSQL database could not be reached at start.
///
/// A load balancer needs the process to run (so `/healthz` says it is alive) and to be told it
/// cannot serve yet (`/readyz` 503, so traffic goes elsewhere); exiting instead would leave a
/// supervisor restarting it in a loop while the database is down. Until the dashboard is built
/// every other request is answered 503 with `Retry-After`. A background thread tries to build it
/// once a second and, once it is, every request goes to it (and its housekeeping starts).
public final class WaitingDashboard: Responder {
    private let configuration: DashboardConfiguration
    private let built = Locked<Dashboard?>(nil)
    private let stopped = Locked(false)
    private let lastFailure: Locked<String>

    /// Starts waiting for the database; `failure` is why the first attempt failed (logged at
    /// once, so the reason is in the log even when the next attempt already succeeds).
    public init(configuration: DashboardConfiguration, failure: String) {
        self.configuration = configuration
        self.lastFailure = Locked(failure)
        Self.logWaiting(failure, log: configuration.log ?? ServerLog())
    }

    private static func logWaiting(_ failure: String, log: ServerLog) {
        log.event("database-waiting", "waiting for the database: \(failure)", level: "warning")
    }

    /// The dashboard once it could be built.
    public var dashboard: Dashboard? { built.withLock { $0 } }

    /// Tries to build the dashboard once a second on a thread of its own until it succeeds or
    /// `stop()`; each failure is logged when its message changes.
    public func startRetrying() {
        let log = configuration.log ?? ServerLog()
        let thread = Thread { [self] in
            var logged = lastFailure.withLock { $0 }
            while !stopped.withLock({ $0 }) {
                do {
                    let dashboard = try Dashboard(configuration: configuration)
                    built.withLock { $0 = dashboard }
                    dashboard.startHousekeeping()
                    log.event("database-ready", "the database answered; serving")
                    return
                } catch {
                    let message = "\(error)"
                    lastFailure.withLock { $0 = message }
                    if message != logged {
                        Self.logWaiting(message, log: log)
                        logged = message
                    }
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
        thread.name = "pushboard-database-wait"
        thread.start()
    }

    /// Stops retrying and stops the dashboard if it was built.
    public func stop() {
        stopped.withLock { $0 = true }
        dashboard?.stop()
    }

    public func respond(to request: Request) -> Response {
        if let dashboard { return dashboard.respond(to: request) }
        if request.path == "/healthz" { return Response(json: HealthReport.json) }
        let message = "PostgreSQL cannot be reached: " + lastFailure.withLock { $0 }
        if request.path == "/readyz" {
            return ReadinessAPI.response(
                Readiness(checks: [Readiness.Check(name: "database", passed: false, message: message)]))
        }
        return APIError.response(
            HTTPError(
                .busy, message: "The database cannot be reached yet; try again in a moment.",
                headers: ["Retry-After": "5"]))
    }

    public func respond(to error: HTTPError, for request: Request) -> Response {
        dashboard?.respond(to: error, for: request) ?? Response(plainTextError: error)
    }
}
