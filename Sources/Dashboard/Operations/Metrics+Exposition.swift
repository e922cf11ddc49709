import Concurrency
import EmbeddedResources
import Foundation
import Storage

extension Metrics {
    /// The media type of the Prometheus text exposition format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Every metric in the Prometheus text exposition format (version 0.0.4).
    func exposition() -> String {
        let snapshot = counts
        let connections = openConnections.withLock { $0 }?()
        var text = ""
        family(&text, "pushboard_build_info", "gauge", "The running build; the value is always 1.")
        sample(&text, "pushboard_build_info", ["version": BuildInfo.version], 1)

        family(&text, "pushboard_http_requests_total", "counter", "Requests answered, by route and status.")
        for key in snapshot.requests.keys.sorted(by: Self.order) {
            let labels = ["route": key.route, "method": key.method, "status": String(key.status)]
            sample(&text, "pushboard_http_requests_total", labels, Double(snapshot.requests[key] ?? 0))
        }

        let latency = "pushboard_http_request_duration_seconds"
        family(&text, latency, "histogram", "Time to answer a request, by route.")
        for route in snapshot.latency.keys.sorted() {
            guard let histogram = snapshot.latency[route] else { continue }
            appendHistogram(histogram, named: latency, labels: ["route": route], to: &text)
        }

        family(&text, "pushboard_http_requests_in_flight", "gauge", "Requests being answered now.")
        sample(&text, "pushboard_http_requests_in_flight", [:], Double(inFlight.load(ordering: .relaxed)))

        if let connections {
            family(&text, "pushboard_open_connections", "gauge", "Client connections open now.")
            sample(&text, "pushboard_open_connections", [:], Double(connections))
        }

        family(&text, "pushboard_validations_total", "counter", "Payloads validated, by result.")
        for valid in [true, false] {
            sample(
                &text, "pushboard_validations_total", ["result": valid ? "valid" : "invalid"],
                Double(snapshot.validations[valid] ?? 0))
        }

        family(&text, "pushboard_diagnostics_total", "counter", "Diagnostics reported, by code and severity.")
        for key in snapshot.diagnostics.keys.sorted(by: { ($0.code, $0.severity) < ($1.code, $1.severity) }) {
            sample(
                &text, "pushboard_diagnostics_total", ["code": key.code, "severity": key.severity],
                Double(snapshot.diagnostics[key] ?? 0))
        }

        family(&text, "pushboard_previews_total", "counter", "Previews computed, by device.")
        for device in snapshot.previews.keys.sorted() {
            sample(
                &text, "pushboard_previews_total", ["device": device], Double(snapshot.previews[device] ?? 0))
        }

        family(
            &text, "pushboard_database_busy_total", "counter",
            "Requests answered 503 because the database stayed locked.")
        sample(&text, "pushboard_database_busy_total", [:], Double(snapshot.databaseBusy))
        appendAccessMetrics(snapshot, to: &text)
        if let database = databaseStatistics.withLock({ $0 })?() {
            appendDatabaseMetrics(database, to: &text)
        }

        appendProcessMetrics(to: &text)
        return text
    }

    private func appendAccessMetrics(_ snapshot: Counts, to text: inout String) {
        family(
            &text, "pushboard_logins_total", "counter", "Login attempts, by result (slowed: answered 429).")
        for result in ["refused", "slowed", "success"] {
            sample(&text, "pushboard_logins_total", ["result": result], Double(snapshot.logins[result] ?? 0))
        }
        family(
            &text, "pushboard_audit_write_failures_total", "counter",
            "Audit events that could not be written (each is logged, and answered 503 unless a failed login)."
        )
        sample(&text, "pushboard_audit_write_failures_total", [:], Double(snapshot.auditWriteFailures))
        family(&text, "pushboard_pruned_rows_total", "counter", "Rows deleted by retention, by table.")
        for table in ["audit_events", "sessions"] {
            sample(
                &text, "pushboard_pruned_rows_total", ["table": table], Double(snapshot.pruned[table] ?? 0))
        }
    }

    /// The PostgreSQL pool of this instance and its statements' durations.
    private func appendDatabaseMetrics(_ database: DatabaseStatistics, to text: inout String) {
        let gauges: [(String, String, Int)] = [
            ("open", "Database connections open now (idle plus in use).", database.open),
            ("idle", "Database connections open and waiting for a request.", database.idle),
            ("in_use", "Database connections lent to a request now.", database.inUse),
            ("max", "The most database connections this instance opens.", database.capacity),
        ]
        for (state, help, value) in gauges {
            let name = "pushboard_database_pool_\(state)_connections"
            family(&text, name, "gauge", help)
            sample(&text, name, [:], Double(value))
        }
        family(
            &text, "pushboard_database_pool_waits_total", "counter",
            "Requests that found every database connection in use and waited for one.")
        sample(&text, "pushboard_database_pool_waits_total", [:], Double(database.waits))
        family(
            &text, "pushboard_database_pool_wait_seconds_total", "counter",
            "Time requests waited for a database connection, in seconds.")
        sample(&text, "pushboard_database_pool_wait_seconds_total", [:], database.waitSeconds)
        let latency = "pushboard_database_statement_duration_seconds"
        family(&text, latency, "histogram", "Time a database statement took, from sending it to its answer.")
        appendHistogram(database.statementLatency, named: latency, labels: [:], to: &text)
    }

    private func appendHistogram(
        _ histogram: LatencyHistogram, named name: String, labels: [String: String], to text: inout String
    ) {
        for bucket in histogram.cumulativeBuckets {
            sample(&text, name + "_bucket", labels.merging(["le": bucket.bound]) { $1 }, Double(bucket.count))
        }
        sample(&text, name + "_sum", labels, histogram.sum)
        sample(&text, name + "_count", labels, Double(histogram.count))
    }

    private func appendProcessMetrics(to text: inout String) {
        if let memory = ProcessMemory.current() {
            family(&text, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.")
            sample(&text, "process_resident_memory_bytes", [:], Double(memory.residentBytes))
            family(&text, "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.")
            sample(&text, "process_virtual_memory_bytes", [:], Double(memory.virtualBytes))
        }
        family(&text, "process_start_time_seconds", "gauge", "Start time of the process since the epoch.")
        sample(&text, "process_start_time_seconds", [:], startTime.timeIntervalSince1970.rounded(.down))
    }

    private static func order(_ left: RequestKey, _ right: RequestKey) -> Bool {
        (left.route, left.method, left.status) < (right.route, right.method, right.status)
    }

    private func family(_ text: inout String, _ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    private func sample(_ text: inout String, _ name: String, _ labels: [String: String], _ value: Double) {
        text += name
        if !labels.isEmpty {
            let pairs = labels.keys.sorted().map { "\($0)=\"\(Self.escaped(labels[$0] ?? ""))\"" }
            text += "{" + pairs.joined(separator: ",") + "}"
        }
        text +=
            " " + (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)") + "\n"
    }

    /// Label values escape `\`, `"` and newlines (the exposition format's only escapes).
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
