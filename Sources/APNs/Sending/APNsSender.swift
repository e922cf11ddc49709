import Concurrency
public import Foundation
import HTTPClient

/// Sends test pushes: one HTTP/2 connection per endpoint host (and TLS identity), kept alive
/// and reused across sends; provider tokens cached per key and re-signed between 20 and 50
/// minutes of age; bounded connect and request timeouts; 429, 500 and 503 retried once
/// (after `Retry-After`), nothing else. Requests go only to the configured endpoints: the URL
/// is the endpoint and a path built from a hex token or a bundle ID, redirects are not followed
/// and proxies are off.
public final class APNsSender: Sendable {
    /// Where pushes go.
    public let endpoints: APNsEndpoints
    let connectTimeout: Duration
    let requestTimeout: Duration
    let now: @Sendable () -> Date
    /// How a retry waits (tests pass a recorder).
    let pause: @Sendable (Duration) -> Void
    let tokens = ProviderTokenCache()
    private let connections = Locked<[String: KeptConnection]>([:])

    /// The longest `Retry-After` a retry waits for; a longer one is reported, not waited for.
    static let longestRetryWait: Duration = .seconds(5)

    public convenience init(
        endpoints: APNsEndpoints, connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(10),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.init(
            endpoints: endpoints, connectTimeout: connectTimeout, requestTimeout: requestTimeout, now: now,
            pause: {
                Thread.sleep(
                    forTimeInterval: Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18)
            })
    }

    init(
        endpoints: APNsEndpoints, connectTimeout: Duration, requestTimeout: Duration,
        now: @escaping @Sendable () -> Date, pause: @escaping @Sendable (Duration) -> Void
    ) {
        self.endpoints = endpoints
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.now = now
        self.pause = pause
    }

    /// Sends `push` with `credential` and explains the answer; never throws, never crashes on
    /// a bad push: what cannot be sent is an answer without a status.
    public func send(_ push: APNsPush, using credential: APNsCredential) -> APNsAnswer {
        let start = ContinuousClock.now
        if let problem = endpoints.problem() {
            return Self.refused("\(problem).", advice: "Fix the APNs endpoint configuration.")
        }
        let path: String
        switch push.path() {
        case .success(let built): path = built
        case .failure(.deviceToken(let problem)):
            return Self.refused(
                problem,
                advice: "Copy the token again from the app's log (hex, no spaces or brackets).")
        case .failure(.topic):
            return Self.refused(
                "a broadcast needs the app's bundle ID for its path.",
                advice: "Give the app's bundle ID.")
        }
        if let bad = push.headers.first(where: { !Self.isSendable($0) }) {
            return Self.refused(
                "the header \(bad.name) is not an apns-* header with a one-line value.",
                advice: "Give only APNs' headers.")
        }
        var exchange = attempt(push, path: path, credential: credential)
        var retried = false
        if let status = exchange.status, [429, 500, 503].contains(status) {
            let wait = exchange.retryAfter.map { Duration.seconds($0) } ?? .seconds(1)
            if wait <= Self.longestRetryWait {
                pause(wait)
                let first = exchange.newConnections
                exchange = attempt(push, path: path, credential: credential)
                exchange.newConnections += first
                retried = true
            }
        }
        if exchange.reason == "ExpiredProviderToken", case .token(let key) = credential {
            tokens.discard(for: key, now: now())
        }
        return exchange.answer(
            environment: push.environment, roundTrip: ContinuousClock.now - start, retried: retried)
    }

    /// One request and what came back.
    private func attempt(_ push: APNsPush, path: String, credential: APNsCredential) -> Exchange {
        var headers: [String] = []
        var identity: HTTPClientRequest.ClientCertificate?
        var connectionKey = endpoints.url(for: push.environment)
        switch credential {
        case .token(let key):
            guard let token = tokens.token(for: key, now: now()) else {
                return Exchange(failure: "the provider token could not be signed", kind: .other)
            }
            headers.append("authorization: bearer \(token.text)")
        case .certificate(let certificate):
            identity = certificate.identity
            connectionKey += "#" + certificate.fingerprint
        }
        headers += push.headers.map { "\($0.name.lowercased()): \($0.value)" }
        headers += ["content-type: application/json", "accept:"]
        let request = HTTPClientRequest(
            url: endpoints.url(for: push.environment).trimmingSuffix("/") + path, method: "POST",
            headers: headers,
            body: push.body, protocols: "https", version: .http2OverTLS,
            connectTimeoutMilliseconds: Self.milliseconds(connectTimeout),
            totalTimeoutMilliseconds: Self.milliseconds(requestTimeout), caFile: endpoints.caFile,
            userAgent: "Pushboard test send", clientCertificate: identity)
        let receiver = AnswerReceiver()
        let outcome = connection(for: connectionKey).perform(request, receiver: receiver)
        return Exchange(outcome: outcome, receiver: receiver, timeout: requestTimeout)
    }

    /// The kept connection for `key`.
    private func connection(for key: String) -> KeptConnection {
        connections.withLock { connections in
            if let kept = connections[key] { return kept }
            let kept = KeptConnection()
            connections[key] = kept
            return kept
        }
    }

    private static func isSendable(_ header: (name: String, value: String)) -> Bool {
        let name = header.name.lowercased()
        return name.hasPrefix("apns-") && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D }
            && header.value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The answer to a push that was not sent: `problem`, and "Not sent: …" in the explanation.
    private static func refused(_ problem: String, advice: String) -> APNsAnswer {
        APNsAnswer(
            status: nil, transportFailure: problem,
            explanation: APNsExplanation(meaning: "Not sent: " + problem, advice: advice))
    }
}

/// One kept-alive libcurl handle, used by one send at a time. A send that finds it busy (a
/// send on another thread waiting for a slow answer) takes a short-lived connection of its own
/// rather than queue behind it, so a hung APNs costs that one send its timeout.
///
/// `@unchecked Sendable`: `handle` is used only while `lock` is held.
final class KeptConnection: @unchecked Sendable {
    private let handle = HTTPConnection()
    private let lock = Locked()

    func perform(_ request: HTTPClientRequest, receiver: AnswerReceiver) -> HTTPClientOutcome {
        if let outcome = lock.withLockIfAvailable({ _ in handle.perform(request, receiver: receiver) }) {
            return outcome
        }
        return HTTPConnection().perform(request, receiver: receiver)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
