import HTTPKit
import Testing

@testable import MHDServer

@Suite struct RequestStateMachineTests {
    @Test func requestWithoutBodyIsAnsweredAtTheEnd() {
        var machine = RequestStateMachine(bodyLimit: 100)
        #expect(machine.headersReceived(contentLength: nil) == .readBody(expectedLength: nil))
        #expect(machine.requestCompleted() == .respond)
        #expect(machine.state == .finished)
    }

    @Test func bodyWithinTheLimitIsStoredChunkByChunk() {
        var machine = RequestStateMachine(bodyLimit: 100)
        #expect(machine.headersReceived(contentLength: "100") == .readBody(expectedLength: 100))
        #expect(machine.bodyChunkReceived(byteCount: 60) == .storeChunk)
        #expect(machine.state == .receivingBody(received: 60))
        #expect(machine.bodyChunkReceived(byteCount: 40) == .storeChunk)
        #expect(machine.requestCompleted() == .respond)
    }

    @Test func contentLengthOverTheLimitIsRefusedBeforeTheBody() {
        var machine = RequestStateMachine(bodyLimit: 1 << 20)
        let action = machine.headersReceived(contentLength: String(2 << 20))
        #expect(action == .reject(RequestStateMachine.tooLarge(limit: 1 << 20)))
        if case .reject(let error) = action { #expect(error.status == .contentTooLarge) }
        #expect(machine.state == .finished)
        #expect(machine.bodyChunkReceived(byteCount: 10) == .closeConnection)
    }

    @Test(arguments: ["abc", "-1", "1e3", "", " 5", "\u{FF11}"])
    func malformedContentLengthIs400(value: String) {
        var machine = RequestStateMachine(bodyLimit: 100)
        guard case .reject(let error) = machine.headersReceived(contentLength: value) else {
            Issue.record("\(value) was accepted")
            return
        }
        #expect(error.status == .badRequest)
    }

    @Test func chunkedBodyGrowingOverTheLimitIsDiscardedThen413() {
        var machine = RequestStateMachine(bodyLimit: 100)
        #expect(machine.headersReceived(contentLength: nil) == .readBody(expectedLength: nil))
        #expect(machine.bodyChunkReceived(byteCount: 80) == .storeChunk)
        #expect(machine.bodyChunkReceived(byteCount: 30) == .discardChunk)
        #expect(machine.state == .discardingBody(received: 110))
        #expect(machine.bodyChunkReceived(byteCount: 50) == .discardChunk)
        #expect(machine.requestCompleted() == .reject(RequestStateMachine.tooLarge(limit: 100)))
    }

    @Test func uploadPastTheDiscardAllowanceClosesTheConnection() {
        var machine = RequestStateMachine(bodyLimit: 100, discardAllowance: 50)
        _ = machine.headersReceived(contentLength: nil)
        #expect(machine.bodyChunkReceived(byteCount: 150) == .discardChunk)
        #expect(machine.bodyChunkReceived(byteCount: 1) == .closeConnection)
        #expect(machine.state == .finished)
    }

    @Test func callsOutOfOrderCloseTheConnection() {
        var early = RequestStateMachine(bodyLimit: 100)
        #expect(early.bodyChunkReceived(byteCount: 1) == .closeConnection)
        var unfinished = RequestStateMachine(bodyLimit: 100)
        #expect(unfinished.requestCompleted() == .closeConnection)
        var twice = RequestStateMachine(bodyLimit: 100)
        _ = twice.headersReceived(contentLength: nil)
        #expect(twice.headersReceived(contentLength: nil) == .closeConnection)
        var done = RequestStateMachine(bodyLimit: 100)
        _ = done.headersReceived(contentLength: "0")
        _ = done.requestCompleted()
        #expect(done.requestCompleted() == .closeConnection)
    }
}

/// The body budget as the machine applies it: bytes taken as they arrive, given back at the end,
/// 503 when a body does not fit.
@Suite struct RequestStateMachineBudgetTests {
    @Test func aBodyAnnouncedLargerThanTheRoomLeftIs503BeforeItIsRead() {
        let budget = BodyBudget(limit: 100)
        #expect(budget.take(60))
        var machine = RequestStateMachine(bodyLimit: 1000, budget: budget)
        let action = machine.headersReceived(contentLength: "50")
        #expect(action == .reject(BodyBudget.exhausted))
        if case .reject(let error) = action {
            #expect(error.status == .serviceUnavailable)
            #expect(error.headers["Retry-After"] == "1")
        }
        #expect(budget.heldBytes == 60)
    }

    @Test func bytesAreTakenAsTheyArriveAndGivenBackAtTheEnd() {
        let budget = BodyBudget(limit: 100)
        var machine = RequestStateMachine(bodyLimit: 1000, budget: budget)
        #expect(machine.headersReceived(contentLength: "80") == .readBody(expectedLength: 80))
        #expect(budget.heldBytes == 0)
        #expect(machine.bodyChunkReceived(byteCount: 30) == .storeChunk)
        #expect(budget.heldBytes == 30)
        #expect(machine.bodyChunkReceived(byteCount: 50) == .storeChunk)
        #expect(machine.requestCompleted() == .respond)
        #expect(budget.heldBytes == 80)
        machine.giveBackBody()
        #expect(budget.heldBytes == 0)
    }

    @Test func aBodyThatStopsFittingIsAnswered503AtOnceAndItsBytesGivenBack() {
        let budget = BodyBudget(limit: 100)
        var first = RequestStateMachine(bodyLimit: 1000, budget: budget)
        var second = RequestStateMachine(bodyLimit: 1000, budget: budget)
        _ = first.headersReceived(contentLength: nil)
        _ = second.headersReceived(contentLength: "40")
        #expect(first.bodyChunkReceived(byteCount: 70) == .storeChunk)
        #expect(second.bodyChunkReceived(byteCount: 20) == .storeChunk)
        #expect(second.bodyChunkReceived(byteCount: 20) == .answerAndClose(BodyBudget.exhausted))
        #expect(second.state == .finished)
        #expect(budget.heldBytes == 70)
        #expect(second.bodyChunkReceived(byteCount: 5) == .closeConnection)
        first.giveBackBody()
        #expect(budget.heldBytes == 0)
    }

    @Test func anOversizedBodyGivesItsBytesBackAtOnce() {
        let budget = BodyBudget(limit: 1000)
        var machine = RequestStateMachine(bodyLimit: 100, budget: budget)
        _ = machine.headersReceived(contentLength: nil)
        #expect(machine.bodyChunkReceived(byteCount: 90) == .storeChunk)
        #expect(machine.bodyChunkReceived(byteCount: 20) == .discardChunk)
        #expect(budget.heldBytes == 0)
    }
}
