import Foundation
import Testing

@testable import APNs

/// The provider token is an ES256 JWT APNs accepts: header alg + kid, claims iss + iat, a raw
/// 64-byte r||s signature in base64url that verifies against the key's public half.
@Suite struct ProviderTokenTests {
    let key = try! APNsTokenKey(p8: Fixtures.bytes("key.p8"), keyID: Fixtures.keyID, teamID: Fixtures.teamID)

    func json(_ part: Substring) -> [String: Any] {
        let bytes = Base64URL.decode(String(part)) ?? []
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }

    @Test func theTokenHasAPNsShapeAndAVerifiableSignature() throws {
        let now = Date(timeIntervalSince1970: 1_796_647_481.75)
        let token = try #require(ProviderToken.sign(key, now: now))
        let parts = token.text.split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        #expect(json(parts[0]) as NSDictionary == ["alg": "ES256", "kid": "ABCDE12345"] as NSDictionary)
        #expect(
            json(parts[1]) as NSDictionary == ["iss": "TEAM123456", "iat": 1_796_647_481] as NSDictionary)
        #expect(!token.text.contains("=") && !token.text.contains("+") && !token.text.contains("/"))
        let signature = try #require(Base64URL.decode(String(parts[2])))
        #expect(signature.count == 64)
        let signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        #expect(ES256.verify(signature, of: signingInput, with: key.signingKey))
        var tampered = signature
        tampered[10] ^= 1
        #expect(!ES256.verify(tampered, of: signingInput, with: key.signingKey))
        #expect(!ES256.verify(signature, of: signingInput + [0x20], with: key.signingKey))
        #expect(token.issuedAt == Date(timeIntervalSince1970: 1_796_647_481))
    }

    @Test func theCacheReSignsOnlyAfterThirtyMinutes() throws {
        let cache = ProviderTokenCache()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try #require(cache.token(for: key, now: start))
        for minutes in [0.0, 1, 19, 20, 29.9] {
            let again = try #require(cache.token(for: key, now: start.addingTimeInterval(minutes * 60)))
            #expect(again.text == first.text, "re-signed at \(minutes) minutes")
        }
        let renewed = try #require(cache.token(for: key, now: start.addingTimeInterval(30 * 60)))
        #expect(renewed.text != first.text)
        #expect(renewed.issuedAt == start.addingTimeInterval(30 * 60))
        // A clock that goes back keeps the token rather than renew it too soon.
        let back = try #require(cache.token(for: key, now: start.addingTimeInterval(10 * 60)))
        #expect(back.text == renewed.text)
    }

    @Test func anExpiredAnswerDiscardsOnlyATokenOldEnoughToReplace() throws {
        let cache = ProviderTokenCache()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try #require(cache.token(for: key, now: start))
        cache.discard(for: key, now: start.addingTimeInterval(19 * 60))
        #expect(cache.token(for: key, now: start.addingTimeInterval(19 * 60))?.text == first.text)
        cache.discard(for: key, now: start.addingTimeInterval(21 * 60))
        let renewed = try #require(cache.token(for: key, now: start.addingTimeInterval(21 * 60)))
        #expect(renewed.text != first.text)
    }

    @Test func keysWithTheSameIDButOtherBytesHaveTheirOwnTokens() throws {
        let other = try APNsTokenKey(
            p8: Fixtures.bytes("other.p8"), keyID: Fixtures.keyID, teamID: Fixtures.teamID)
        let cache = ProviderTokenCache()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let mine = try #require(cache.token(for: key, now: now))
        let theirs = try #require(cache.token(for: other, now: now))
        #expect(mine.text != theirs.text)
        let parts = theirs.text.split(separator: ".")
        let signature = try #require(Base64URL.decode(String(parts[2])))
        let signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        #expect(ES256.verify(signature, of: signingInput, with: other.signingKey))
        #expect(!ES256.verify(signature, of: signingInput, with: key.signingKey))
    }
}
