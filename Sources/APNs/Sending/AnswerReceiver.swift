import Foundation
import Glibc
import HTTPClient

/// Collects APNs' answer: the headers it reads (`apns-id`, `apns-unique-id`, `retry-after`)
/// and at most 16 KB of body (a reason is a few dozen bytes).
final class AnswerReceiver: HTTPClientReceiver {
    private(set) var headers: [String: String] = [:]
    private(set) var body: [UInt8] = []

    func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        // Control characters never reach an answer, a terminal or a page; APNs' values are short.
        let printable = value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200)
        headers[name] = String(String.UnicodeScalarView(printable))
    }

    func body(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= 16 * 1024 else { return false }
        body.append(contentsOf: chunk)
        return true
    }

    /// The URL names the configured endpoint and libcurl resolves it: any address is the
    /// endpoint's.
    func mayConnect(to address: UnsafePointer<sockaddr>) -> Bool { true }
}

/// One request's result, before it is explained.
struct Exchange {
    enum Kind { case timeout, tls, connect, other }

    var status: Int?
    var apnsID: String?
    var uniqueID: String?
    var reason: String?
    var timestamp: Date?
    var retryAfter: Int?
    var failure: String?
    var kind: Kind?
    var newConnections = 0

    init(failure: String, kind: Kind) {
        self.failure = failure
        self.kind = kind
    }

    init(outcome: HTTPClientOutcome, receiver: AnswerReceiver, timeout: Duration) {
        newConnections = outcome.newConnections
        switch outcome.failure {
        case nil:
            status = outcome.status
            apnsID = receiver.headers["apns-id"]
            uniqueID = receiver.headers["apns-unique-id"]
            retryAfter = receiver.headers["retry-after"].flatMap { Int($0) }.map { max(0, $0) }
            if let object = try? JSONSerialization.jsonObject(with: Data(receiver.body)) as? [String: Any] {
                reason = (object["reason"] as? String).map { String($0.prefix(100)) }
                if let milliseconds = object["timestamp"] as? NSNumber {
                    timestamp = Date(timeIntervalSince1970: milliseconds.doubleValue / 1000)
                }
            }
        case .timeout?:
            (failure, kind) = ("timed out after \(timeout.components.seconds) s", .timeout)
        case .tls(let text)?: (failure, kind) = ("certificate not trusted or TLS failed: \(text)", .tls)
        case .connect(let text)?: (failure, kind) = (text, .connect)
        case .stopped?: (failure, kind) = ("the answer was larger than APNs ever sends", .other)
        case .other(let text)?: (failure, kind) = (text, .other)
        }
    }

    func answer(environment: APNsEnvironment, roundTrip: Duration, retried: Bool) -> APNsAnswer {
        var explanation: APNsExplanation
        if let status {
            explanation = APNsAnswerExplainer.explain(
                status: status, reason: reason, environment: environment, timestamp: timestamp)
            if !retried, [429, 500, 503].contains(status), let retryAfter {
                // Longer than a test send waits: said rather than slept through.
                explanation = APNsExplanation(
                    meaning: explanation.meaning,
                    advice: "APNs asks to wait \(retryAfter) s before sending again. " + explanation.advice,
                    offerRemoveDevice: explanation.offerRemoveDevice)
            }
        } else {
            explanation = APNsAnswerExplainer.explain(
                transport: failure ?? "no answer", timedOut: kind == .timeout, tls: kind == .tls)
        }
        return APNsAnswer(
            status: status, apnsID: apnsID, uniqueID: uniqueID, reason: reason, timestamp: timestamp,
            roundTrip: roundTrip, transportFailure: failure, retried: retried, explanation: explanation,
            newConnections: newConnections)
    }
}
