import HTTPKit
import JSON
import NotificationKit
import Storage

/// `GET /readyz`: whether this server can take writes now, for load balancers and monitoring.
///
/// `/healthz` only says the process answers (it touches no lock and no file); `/readyz` checks
/// that the data directory and the database file are still the ones opened at start and are
/// writable, and with `?quickCheck=true` that `PRAGMA quick_check` passes (cached a minute).
struct ReadinessAPI {
    let database: any StoreDatabase

    /// Adds the route.
    func register(in builder: inout DashboardRoutes) {
        builder.get("/readyz", .anyone) { request, _ in
            let readiness = database.readiness(quickCheck: request.queryItems["quickCheck"] == "true")
            return Self.response(readiness)
        }
    }

    /// 200 `{"status":"ready","checks":[…]}`, or 503 `not-ready` with the failed checks' messages.
    static func response(_ readiness: Readiness) -> Response {
        var body = JSONObjectBuilder()
        body.set("status", readiness.isReady ? "ready" : "not-ready")
        body.set(
            "checks",
            .array(
                readiness.checks.map { check in
                    var item = JSONObjectBuilder()
                    item.set("name", check.name)
                    item.set("passed", check.passed)
                    item.set("message", check.message)
                    return JSONNode(item.value)
                }))
        var response = Response(
            json: JSONWriter().bytes(body.value), status: readiness.isReady ? .ok : .serviceUnavailable)
        if !readiness.isReady { response.headers.replaceOrAdd(name: "Retry-After", value: "30") }
        return response
    }
}
