import Testing

@testable import MHDServer

/// The deadlines of one connection as a value race between the worker and the watchdog, on a
/// clock the test sets (nanoseconds).
@Suite struct OpenConnectionTests {
    static func connection() -> ConnectionGuard.OpenConnection {
        let connection = ConnectionGuard.OpenConnection(socket: -1, remoteAddress: "127.0.0.1")
        connection.awaitRequest(now: 1000, headDeadline: 10)
        return connection
    }

    @Test func aLateHeadIsCutQuietlyAndCannotBeAnsweredAfterwards() {
        let connection = Self.connection()
        #expect(connection.claimCut(now: 1010) == nil)
        #expect(connection.claimCut(now: 1011) == .head)
        #expect(connection.claimCut(now: 2000) == nil)
        #expect(!connection.claimHead(headDeadline: 10, requestDeadline: 30))
        #expect(!connection.claimAnswer())
    }

    @Test func onceTheHeadIsInTheWholeRequestIsDueFromTheSameStart() {
        let connection = Self.connection()
        #expect(connection.claimHead(headDeadline: 10, requestDeadline: 30))
        #expect(connection.claimCut(now: 1030) == nil)
        #expect(connection.claimCut(now: 1031) == .body)
        #expect(!connection.claimAnswer())
    }

    @Test func anAnsweredRequestIsNeverCutAndTheNextOneIsDueAgain() {
        let connection = Self.connection()
        #expect(connection.claimHead(headDeadline: 10, requestDeadline: 30))
        #expect(connection.claimAnswer())
        #expect(connection.claimCut(now: 1_000_000) == nil)
        connection.awaitRequest(now: 5000, headDeadline: 10)
        #expect(connection.claimCut(now: 5011) == .head)
    }
}
