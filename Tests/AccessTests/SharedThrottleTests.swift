import Foundation
import Storage
import Testing

@testable import Access

/// Issue 30: the login throttle counts in the workspace's database, so two server processes on
/// one workspace (two instances of a cluster) allow the free failures once between them, not
/// once each.
@Suite struct SharedThrottleTests {
    static let password = "correct horse battery"

    @Test func failuresOnTwoInstancesCountTogether() throws {
        let fixture = try AccessFixture(throttle: LoginThrottle.Policy(freeFailures: 4))
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let other = AccessControl(
            store: try Store(directory: fixture.directory).access,
            sessions: fixture.access.sessions, throttle: LoginThrottle.Policy(freeFailures: 4))
        let now = Date()
        for attempt in 0..<4 {
            let instance = attempt.isMultiple(of: 2) ? fixture.access : other
            #expect(
                try instance.logIn(
                    name: "anna", password: "guess \(attempt)", client: "6.6.6.\(attempt)", now: now)
                    == .refused)
        }
        for instance in [fixture.access, other] {
            guard
                case .slowed = try instance.logIn(
                    name: "anna", password: Self.password, client: "10.0.0.1", now: now)
            else {
                Issue.record("an instance allowed more than the free failures of both together")
                return
            }
        }
        // A success on one instance clears the record for the other.
        let later = now.addingTimeInterval(31)
        guard
            case .success = try other.logIn(
                name: "anna", password: Self.password, client: "10.0.0.1", now: later)
        else {
            Issue.record("the account stayed locked past its cap")
            return
        }
        #expect(try fixture.access.throttle.wait(account: "anna", address: "10.0.0.1", now: later) == nil)
    }
}
