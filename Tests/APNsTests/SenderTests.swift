import Foundation
import Testing

@testable import APNs

/// What the sender refuses to send, before any connection: nothing in a push can change where
/// the request goes.
@Suite struct SenderTests {
    let key = APNsCredential.token(
        try! APNsTokenKey(p8: Fixtures.bytes("key.p8"), keyID: Fixtures.keyID, teamID: Fixtures.teamID))
    /// A loopback port nothing listens on: a request that got through would fail to connect.
    let closed = APNsEndpoints(sandbox: "https://127.0.0.1:9", production: "https://127.0.0.1:9")

    func push(_ token: String, headers: [(name: String, value: String)] = [("apns-topic", "com.example.app")])
        -> APNsPush
    {
        APNsPush(
            deviceToken: token, environment: .sandbox, headers: headers, body: Array(#"{"aps":{}}"#.utf8))
    }

    @Test func aTokenThatIsNotHexIsNeverPutInThePath() {
        let sender = APNsSender(endpoints: closed, connectTimeout: .seconds(1), requestTimeout: .seconds(1))
        for token in [
            "../../admin" + String(repeating: "a", count: 60), "a1b2", String(repeating: "g", count: 64),
        ] {
            let answer = sender.send(push(token), using: key)
            #expect(answer.status == nil && answer.newConnections == 0, "\(token)")
            #expect(answer.explanation.meaning.hasPrefix("Not sent:"), "\(token)")
        }
    }

    @Test func onlyOneLineAPNsHeadersAreSent() {
        let sender = APNsSender(endpoints: closed, connectTimeout: .seconds(1), requestTimeout: .seconds(1))
        let token = String(repeating: "ab", count: 32)
        for header in [("host", "evil.example"), ("apns-topic", "a\r\nhost: evil.example")] {
            let answer = sender.send(push(token, headers: [header]), using: key)
            #expect(answer.status == nil && answer.newConnections == 0)
            #expect(answer.transportFailure?.contains("is not an apns-* header") == true)
        }
    }

    @Test func anEndpointWithAPathOrAnotherSchemeIsRefused() {
        #expect(APNsEndpoints.apple.problem() == nil)
        #expect(
            APNsEndpoints(sandbox: "https://127.0.0.1:8443", production: "https://[::1]:443/").problem()
                == nil)
        for bad in [
            "http://api.push.apple.com", "https://api.push.apple.com/3/device", "https://user@host",
            "https://host?x=1", "https://",
        ] {
            let endpoints = APNsEndpoints(sandbox: bad, production: "https://api.push.apple.com")
            #expect(endpoints.problem() != nil, "\(bad)")
            let answer = APNsSender(endpoints: endpoints).send(
                push(String(repeating: "ab", count: 32)), using: key)
            #expect(answer.status == nil && answer.explanation.meaning.hasPrefix("Not sent:"))
        }
    }

    @Test func noServerIsAConnectFailureExplained() {
        let sender = APNsSender(endpoints: closed, connectTimeout: .seconds(2), requestTimeout: .seconds(2))
        let answer = sender.send(push(String(repeating: "ab", count: 32)), using: key)
        #expect(answer.status == nil && !answer.retried)
        #expect(answer.explanation.meaning.hasPrefix("No connection to APNs"))
    }
}
