import Access
import Foundation
import Testing

/// Changing a password: the user's own change needs the current password and keeps only the
/// session that asked; an admin's reset ends every session of the user.
@Suite struct PasswordChangeTests {
    static let password = "a long enough password"
    static let newPassword = "a new long password"

    /// Logs `name` in and answers the session secret.
    static func logIn(_ access: AccessControl, _ name: String, password: String = password) throws -> Secret {
        guard case .success(let secret, _, _) = try access.logIn(name: name, password: password, client: "c")
        else { throw AccessError.notFound(name) }
        return secret
    }

    /// A fresh fixture with these users, all with `password`.
    static func fixture(_ users: [(String, Role)]) throws -> AccessFixture {
        let fixture = try AccessFixture()
        for (name, role) in users { try fixture.access.addUser(name: name, role: role, password: password) }
        return fixture
    }

    @Test func ownChangeKeepsThisSessionEndsTheOthersAndTakesTheNewPassword() throws {
        let fixture = try Self.fixture([("anna", .editor), ("ben", .editor)])
        let here = try Self.logIn(fixture.access, "anna")
        let laptop = try Self.logIn(fixture.access, "anna")
        let phone = try Self.logIn(fixture.access, "anna")
        let someoneElse = try Self.logIn(fixture.access, "ben")
        let result = try fixture.access.changeOwnPassword(
            name: "anna", current: Self.password, new: Self.newPassword, session: here, client: "c")
        #expect(result == .changed(endedSessions: 2))
        #expect(try fixture.access.principal(forSession: here)?.name == "anna")
        #expect(try fixture.access.principal(forSession: laptop) == nil)
        #expect(try fixture.access.principal(forSession: phone) == nil)
        #expect(try fixture.access.principal(forSession: someoneElse)?.name == "ben")
        #expect(try fixture.access.logIn(name: "anna", password: Self.password, client: "c") == .refused)
        #expect(throws: Never.self) { try Self.logIn(fixture.access, "anna", password: Self.newPassword) }
    }

    @Test func aWrongCurrentPasswordChangesNothingAndIsSlowedDown() throws {
        let fixture = try AccessFixture(throttle: LoginThrottle.Policy(freeFailures: 2))
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let here = try Self.logIn(fixture.access, "anna")
        let other = try Self.logIn(fixture.access, "anna")
        for _ in 0..<2 {
            let result = try fixture.access.changeOwnPassword(
                name: "anna", current: "not the password", new: Self.newPassword, session: here, client: "x")
            #expect(result == .wrongPassword)
        }
        let slowed = try fixture.access.changeOwnPassword(
            name: "anna", current: Self.password, new: Self.newPassword, session: here, client: "x")
        guard case .slowed(let wait) = slowed else {
            Issue.record("not slowed: \(slowed)")
            return
        }
        #expect(wait >= 1)
        #expect(try fixture.access.principal(forSession: other) != nil, "nothing changed")
        let login = try fixture.access.logIn(name: "anna", password: Self.password, client: "y")
        guard case .slowed = login else {
            Issue.record("the wrong guesses must slow logins to the account too: \(login)")
            return
        }
        let unthrottled = AccessControl(store: fixture.store.access)
        #expect(throws: Never.self) { try Self.logIn(unthrottled, "anna", password: Self.password) }
    }

    @Test(arguments: ["short", String(repeating: "x", count: 1025)])
    func aNewPasswordOutsideTheLengthsIsRefusedBeforeAnythingElse(_ new: String) throws {
        let fixture = try AccessFixture()
        try fixture.access.addUser(name: "anna", role: .viewer, password: Self.password)
        let here = try Self.logIn(fixture.access, "anna")
        #expect(throws: AccessError.invalidPassword) {
            try fixture.access.changeOwnPassword(
                name: "anna", current: Self.password, new: new, session: here, client: "c")
        }
        #expect(throws: AccessError.invalidPassword) {
            try fixture.access.setPassword(name: "anna", password: new)
        }
    }

    @Test func aResetEndsEverySessionOfThatUserButNotTheAdminsOwn() throws {
        let fixture = try Self.fixture([("root", .admin), ("anna", .viewer)])
        let admin = try Self.logIn(fixture.access, "root")
        let anna = try Self.logIn(fixture.access, "anna")
        #expect(try fixture.access.setPassword(name: "anna", password: Self.newPassword, keeping: admin) == 1)
        #expect(try fixture.access.principal(forSession: anna) == nil)
        #expect(try fixture.access.principal(forSession: admin)?.name == "root")
        #expect(throws: AccessError.notFound("nobody")) {
            try fixture.access.setPassword(name: "nobody", password: Self.newPassword)
        }
    }
}
