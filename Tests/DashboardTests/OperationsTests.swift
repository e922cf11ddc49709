import Foundation
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// Request ids, access-log lines and the metrics text, without a server.
@Suite struct OperationsTests {
    @Test(arguments: ["abc", "ticket-42:a/b", "x=1+2@host", String(repeating: "a", count: 128)])
    func plausibleRequestIDsAreKept(_ value: String) {
        #expect(RequestID(validating: value)?.text == value)
    }

    @Test(arguments: ["", String(repeating: "a", count: 129), "has space", "quo\"te", "caf\u{E9}", "a\nb"])
    func otherRequestIDsAreRefused(_ value: String) {
        #expect(RequestID(validating: value) == nil)
    }

    /// 32 lowercase hex digits: a random half per source (process), then a counter, so one
    /// process never repeats an id and two processes almost surely differ.
    @Test func generatedRequestIDsAreHexAndNeverRepeat() {
        let source = RequestIDSource()
        let ids = (0..<1000).map { _ in source.next().text }
        #expect(ids.allSatisfy { $0.utf8.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        #expect(Set(ids).count == ids.count)
        #expect(ids[0].hasSuffix("0000000000000001") && ids[1].hasSuffix("0000000000000002"))
        #expect(RequestIDSource().next().text.prefix(16) != ids[0].prefix(16))
    }

    @Test func theDashboardEchoesOrMakesTheRequestID() throws {
        let fixture = try DashboardFixture()
        let kept = fixture.send(.get, "/healthz", headers: ["X-Request-ID": "pipeline-7"])
        #expect(kept.headers["X-Request-ID"] == "pipeline-7")
        let made = fixture.send(.get, "/healthz", headers: ["X-Request-ID": "bad id"])
        #expect(made.headers["X-Request-ID"]?.count == 32)
    }

    static let entry = AccessLogEntry(
        time: Date(timeIntervalSince1970: 1_764_581_400.25), requestID: "r1", remoteAddress: "127.0.0.1",
        method: "GET", path: "/categories", status: 200, bytes: 512, duration: 0.00125,
        referer: nil, userAgent: "evil\"\n\u{E9}")

    @Test func combinedLinesEscapeWhatClientsSend() {
        #expect(
            Self.entry.combinedLine
                == #"127.0.0.1 - - [01/Dec/2025:09:30:00 +0000] "GET /categories HTTP/1.1" 200 512 "-" "evil\"\x0a\xc3\xa9" r1 0.0013"#
        )
    }

    @Test(arguments: [
        (0.00125, "0.0013"), (0, "0.0000"), (1.5, "1.5000"), (12.345_67, "12.3457"), (-1, "0.0000"),
    ])
    func durationsHaveFourDecimals(_ seconds: Double, _ written: String) {
        #expect(AccessLogEntry.seconds(seconds) == written)
    }

    @Test func jsonLinesCarryTheFields() throws {
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(Self.entry.jsonLine.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2025-12-01T09:30:00.250Z")
        #expect(object["requestId"] as? String == "r1")
        #expect(object["path"] as? String == "/categories")
        #expect(object["status"] as? Int == 200)
        #expect(object["bytes"] as? Int == 512)
        #expect(object["durationMs"] as? Double == 1.25)
        #expect(object["userAgent"] as? String == "evil\"\n\u{E9}")
        #expect(!Self.entry.jsonLine.contains("\n"))
    }

    @Test func metricsCountRequestsByRoutePatternNotPath() throws {
        let fixture = try DashboardFixture()
        for id in ["a", "b", "c"] { _ = fixture.send(.get, "/api/v1/notifications/\(id)") }
        _ = fixture.send(.get, "/wp-admin/\(UUID().uuidString)")
        let text = DashboardFixture.text(fixture.send(.get, "/metrics"))
        #expect(
            text.contains(
                #"pushboard_http_requests_total{method="GET",route="/api/v1/notifications/{id}",status="404"} 3"#
            ))
        #expect(
            text.contains(#"pushboard_http_requests_total{method="GET",route="unmatched",status="404"} 1"#))
        #expect(!text.contains("wp-admin"))
        #expect(text.contains("# TYPE pushboard_http_request_duration_seconds histogram"))
    }

    /// Each thread counts in its own shard; the scrape adds them up exactly, however many
    /// threads answered at once.
    @Test func metricsStayExactUnderConcurrentRequests() throws {
        let fixture = try DashboardFixture()
        let payload = #"{"aps":{"alert":{"title":"Ahoj","body":"Jak se máš?"}}}"#
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50 {
                _ = fixture.send(.get, "/healthz")
                _ = fixture.send(.post, "/api/v1/validate", body: payload)
            }
        }
        let text = DashboardFixture.text(fixture.send(.get, "/metrics"))
        #expect(
            text.contains(#"pushboard_http_requests_total{method="GET",route="/healthz",status="200"} 200"#))
        #expect(
            text.contains(
                #"pushboard_http_requests_total{method="POST",route="/api/v1/validate",status="200"} 200"#))
        #expect(text.contains(#"pushboard_http_request_duration_seconds_count{route="/healthz"} 200"#))
        #expect(
            text.contains(#"pushboard_http_request_duration_seconds_bucket{le="+Inf",route="/healthz"} 200"#))
        #expect(text.contains(#"pushboard_validations_total{result="valid"} 200"#))
        #expect(text.contains("pushboard_http_requests_in_flight 1\n"))
    }

    /// Issue 30: the pool and statement figures of the database, in the exposition's style; none
    /// on SQLite, whose connections are no pool (`DatabaseStatistics`).
    @Test func metricsShowTheDatabasePoolAndStatementLatencyWhenTheDatabaseHasThem() throws {
        let fixture = try DashboardFixture()
        #expect(!DashboardFixture.text(fixture.send(.get, "/metrics")).contains("pushboard_database_pool"))
        let metrics = Metrics()
        var figures = DatabaseStatistics(
            open: 3, idle: 2, inUse: 1, capacity: 8, waits: 4, waitSeconds: 1.5, statementLatency: .init())
        figures.statementLatency.observe(0.000_976_562_5)  // 2^-10 and 2^-2: the sum is exact
        figures.statementLatency.observe(0.25)
        metrics.observeDatabase { [figures] in figures }
        let text = metrics.exposition()
        for line in [
            "# TYPE pushboard_database_pool_open_connections gauge",
            "pushboard_database_pool_open_connections 3",
            "pushboard_database_pool_idle_connections 2", "pushboard_database_pool_in_use_connections 1",
            "pushboard_database_pool_max_connections 8", "# TYPE pushboard_database_pool_waits_total counter",
            "pushboard_database_pool_waits_total 4", "pushboard_database_pool_wait_seconds_total 1.5",
            "# TYPE pushboard_database_statement_duration_seconds histogram",
            #"pushboard_database_statement_duration_seconds_bucket{le="0.0005"} 0"#,
            #"pushboard_database_statement_duration_seconds_bucket{le="0.001"} 1"#,
            #"pushboard_database_statement_duration_seconds_bucket{le="0.1"} 1"#,
            #"pushboard_database_statement_duration_seconds_bucket{le="0.25"} 2"#,
            #"pushboard_database_statement_duration_seconds_bucket{le="+Inf"} 2"#,
            "pushboard_database_statement_duration_seconds_sum 0.2509765625",
            "pushboard_database_statement_duration_seconds_count 2",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)")
        }
    }

    @Test func labelValuesAreEscaped() {
        #expect(Metrics.escaped("a\"b\\c\nd") == #"a\"b\\c\nd"#)
    }
}
