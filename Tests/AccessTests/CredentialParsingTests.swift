import Testing

@testable import Access

/// The session cookie and the bearer token are read strictly, before any hash or lookup.
@Suite struct CredentialParsingTests {
    static let valid = String(repeating: "A", count: 42) + "_"

    @Test(arguments: [
        ("pushboard_session=\(valid)", true),
        ("theme=dark; pushboard_session=\(valid); other=1", true),
        ("pushboard_session=\(valid) ", true),
        ("pushboard_session=\(valid.dropLast())", false),
        ("pushboard_session=\(valid)A", false),
        ("pushboard_session=\(valid.dropLast())=", false),
        ("pushboard_session=\(valid); pushboard_session=\(valid)", false),
        ("xpushboard_session=\(valid)", false),
        ("", false),
        ("pushboard_session", false),
    ])
    func sessionCookie(header: String, accepted: Bool) {
        #expect((SessionCookie.secret(inCookieHeader: header) != nil) == accepted)
    }

    @Test(arguments: [
        ("Bearer pbt_\(valid)", true),
        ("bearer pbt_\(valid)", true),
        ("Bearer  pbt_\(valid) ", true),
        ("Bearer \(valid)", false),
        ("Basic pbt_\(valid)", false),
        ("Bearer pbt_\(valid)x", false),
        ("Bearer pbt_", false),
        ("Bearer", false),
    ])
    func bearerToken(header: String, accepted: Bool) {
        #expect((BearerToken.secret(inAuthorization: header) != nil) == accepted)
    }

    @Test func generatedSecretsAreDistinctAndParse() {
        let first = Secret.generate()
        let second = Secret.generate()
        #expect(first != second)
        #expect(first.text.utf8.count == 43)
        #expect(Secret(Substring(first.text)) == first)
        #expect(first.storedHash.count == 64)
        #expect(first.storedHash != first.text)
    }

    @Test func cookieAttributes() {
        let secret = Secret.generate()
        let plain = SessionCookie.setCookie(secret, secure: false)
        #expect(plain.contains("HttpOnly"))
        #expect(plain.contains("SameSite=Strict"))
        #expect(!plain.contains("Secure"))
        #expect(SessionCookie.setCookie(secret, secure: true).hasSuffix("; Secure"))
    }

    @Test func rolesAreOrdered() {
        #expect(Role.admin.includes(.editor))
        #expect(Role.editor.includes(.viewer))
        #expect(!Role.viewer.includes(.editor))
        #expect(!Role.editor.includes(.admin))
    }
}
