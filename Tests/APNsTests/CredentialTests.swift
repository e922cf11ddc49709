import Foundation
import Testing

@testable import APNs

/// Each problem of an uploaded credential is an error at its own field, and certificates give
/// up their topics, environments and expiry.
@Suite struct CredentialTests {
    func error(_ body: () throws(APNsCredentialError) -> Void) -> APNsCredentialError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    func keyError(_ p8: [UInt8], keyID: String = Fixtures.keyID, teamID: String = Fixtures.teamID)
        -> APNsCredentialError?
    {
        error { () throws(APNsCredentialError) in _ = try APNsTokenKey(p8: p8, keyID: keyID, teamID: teamID) }
    }

    @Test func aGoodKeyReads() throws {
        let key = try APNsTokenKey(
            p8: Fixtures.bytes("key.p8"), keyID: Fixtures.keyID, teamID: Fixtures.teamID,
            scope: APNsKeyScope(environments: .sandbox, bundleID: "com.example.app"))
        #expect(key.keyID == Fixtures.keyID && key.teamID == Fixtures.teamID)
        #expect(key.scope == APNsKeyScope(environments: .sandbox, bundleID: "com.example.app"))
    }

    @Test func keyIDAndTeamIDProblemsAreAtTheirFields() {
        let p8 = Fixtures.bytes("key.p8")
        #expect(keyError(p8, keyID: "ABCDE1234")?.field == "keyID")
        #expect(keyError(p8, keyID: "ABCDE1234")?.message.contains("9 characters") == true)
        #expect(keyError(p8, keyID: "abcde12345")?.field == "keyID")
        #expect(keyError(p8, keyID: "")?.field == "keyID")
        #expect(keyError(p8, teamID: "TEAM 12345")?.field == "teamID")
        #expect(keyError(p8, teamID: "TEAM1234567")?.message.contains("11 characters") == true)
    }

    @Test func keyFileProblemsAreAtTheKeyFieldAndSayWhatTheFileIs() {
        let cases: [(String, String)] = [
            ("", "empty"), ("sec1.pem", "traditional EC key"), ("universal.crt", "certificate, not a key"),
            ("rsa.p8", "not an elliptic-curve key"), ("p384.p8", "P-256"),
        ]
        for (name, words) in cases {
            let found = keyError(name.isEmpty ? [] : Fixtures.bytes(name))
            #expect(found?.field == "key", "\(name)")
            #expect(found?.message.contains(words) == true, "\(name): \(found?.message ?? "no error")")
        }
        var cut = Fixtures.bytes("key.p8")
        cut.removeSubrange(60..<90)
        #expect(keyError(cut)?.message.contains("damaged or cut short") == true)
        #expect(keyError(Array("hello".utf8))?.message.contains("not a .p8 key") == true)
    }

    @Test func aP12GivesItsTopicsEnvironmentsAndExpiry() throws {
        let certificate = try APNsCertificate(
            p12: Fixtures.bytes("universal.p12"), password: "fixture-password")
        #expect(
            certificate.topics == ["com.example.app", "com.example.app.voip", "com.example.app.complication"])
        #expect(certificate.environments == .both)
        #expect(certificate.subject.contains("CN=Apple Push Services: com.example.app"))
        #expect(certificate.expires > Date(timeIntervalSince1970: 1_900_000_000))
        #expect(String(decoding: certificate.identity.keyPEM, as: UTF8.self).contains("BEGIN PRIVATE KEY"))
    }

    @Test func aLegacyP12ReadsToo() throws {
        // RC2-40 and 3DES, as older Keychain Access exports are encrypted.
        let certificate = try APNsCertificate(p12: Fixtures.bytes("legacy.p12"), password: "fixture-password")
        #expect(certificate.topics.first == "com.example.app")
    }

    @Test func aWrongPasswordIsAtThePasswordField() {
        let found = error { () throws(APNsCredentialError) in
            _ = try APNsCertificate(p12: Fixtures.bytes("universal.p12"), password: "wrong")
        }
        #expect(found?.field == "password")
        let notP12 = error { () throws(APNsCredentialError) in
            _ = try APNsCertificate(p12: Fixtures.bytes("key.p8"), password: "x")
        }
        #expect(notP12?.field == "certificate")
    }

    @Test func aPEMWithoutExtensionsTakesItsTopicFromTheUID() throws {
        let certificate = try APNsCertificate(pem: Fixtures.bytes("development.pem"))
        #expect(certificate.topics == ["com.example.legacy"])
        #expect(certificate.environments == .sandbox)
        let noKey = error { () throws(APNsCredentialError) in
            _ = try APNsCertificate(pem: Fixtures.bytes("development.crt"))
        }
        #expect(noKey?.field == "certificate")
        #expect(noKey?.message.contains("no private key") == true)
        let mismatched = Fixtures.bytes("universal.crt") + Fixtures.bytes("other.p8")
        let wrongKey = error { () throws(APNsCredentialError) in _ = try APNsCertificate(pem: mismatched) }
        #expect(wrongKey?.message.contains("does not belong") == true)
    }
}
