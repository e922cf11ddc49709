import Foundation
import Testing

@testable import APNs

/// The credential doctor says what APNs would refuse before anything is sent.
@Suite struct DoctorTests {
    let trusted = APNsTrustStore(hasAPNsRoot: true, source: "test")
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func key(_ environments: APNsKeyScope.Environments = .both, bundle: String? = nil) throws
        -> APNsCredential
    {
        .token(
            try APNsTokenKey(
                p8: Fixtures.bytes("key.p8"), keyID: Fixtures.keyID, teamID: Fixtures.teamID,
                scope: APNsKeyScope(environments: environments, bundleID: bundle)))
    }

    func errors(
        _ credential: APNsCredential, _ environment: APNsEnvironment, topic: String = "com.example.app",
        pushType: String? = "alert", now: Date? = nil, trust: APNsTrustStore? = nil
    ) -> [String] {
        APNsCredentialDoctor.check(
            credential, environment: environment, topic: topic, pushType: pushType, now: now ?? self.now,
            trustStore: trust ?? trusted
        ).filter { $0.severity == .error }.map(\.code)
    }

    @Test func aKeyScopedToOneEnvironmentIsRefusedForTheOther() throws {
        #expect(errors(try key(.sandbox), .production) == ["key-environment"])
        #expect(errors(try key(.sandbox), .sandbox) == [])
        #expect(errors(try key(.production), .sandbox) == ["key-environment"])
        #expect(errors(try key(), .production) == [])
    }

    @Test func aTopicSpecificKeyIsRefusedForAnotherApp() throws {
        #expect(errors(try key(bundle: "com.example.other"), .sandbox) == ["key-topic"])
        #expect(
            errors(
                try key(bundle: "com.example.app"), .sandbox, topic: "com.example.app.push-type.liveactivity",
                pushType: "liveactivity") == [])
    }

    @Test func theTopicSuffixMustFitThePushType() throws {
        #expect(
            errors(try key(), .sandbox, topic: "com.example.app", pushType: "liveactivity") == [
                "topic-suffix"
            ])
        #expect(errors(try key(), .sandbox, topic: "com.example.app", pushType: "voip") == ["topic-suffix"])
        #expect(errors(try key(), .sandbox, topic: "com.example.app.voip", pushType: "voip") == [])
        #expect(
            errors(try key(), .sandbox, topic: "com.example.app.complication", pushType: "complication") == []
        )
        #expect(
            errors(try key(), .sandbox, topic: "com.example.app.voip", pushType: "alert") == ["topic-suffix"])
    }

    @Test func certificatesAreCheckedForTopicsExpiryAndPushType() throws {
        let certificate = APNsCredential.certificate(
            try APNsCertificate(p12: Fixtures.bytes("universal.p12"), password: "fixture-password"))
        #expect(errors(certificate, .production) == [])
        #expect(errors(certificate, .sandbox, topic: "com.example.other") == ["certificate-topic"])
        #expect(
            errors(
                certificate, .sandbox, topic: "com.example.app.push-type.liveactivity",
                pushType: "liveactivity"
            )
            .contains("certificate-push-type"))
        #expect(
            errors(certificate, .sandbox, now: Date(timeIntervalSince1970: 2_200_000_000)) == [
                "certificate-expired"
            ])
        guard case .certificate(let read) = certificate else { return }
        let soon = APNsCredentialDoctor.check(
            certificate, environment: .sandbox, topic: "com.example.app", pushType: "alert",
            now: read.expires.addingTimeInterval(-10 * 86400), trustStore: trusted)
        #expect(soon.first?.code == "certificate-expiring" && soon.first?.severity == .warning)
        let development = APNsCredential.certificate(
            try APNsCertificate(pem: Fixtures.bytes("development.pem")))
        #expect(errors(development, .production, topic: "com.example.legacy") == ["certificate-environment"])
    }

    @Test func aTrustStoreWithoutTheRootNamesCaCertificates() throws {
        let store = APNsTrustStore.reading(
            bundle: Fixtures.folder.appendingPathComponent("universal.crt").path)
        #expect(!store.hasAPNsRoot)
        let findings = APNsCredentialDoctor.check(
            try key(), environment: .sandbox, topic: "com.example.app", pushType: "alert", now: now,
            trustStore: store)
        let finding = try #require(findings.first { $0.code == "trust-root" })
        #expect(finding.severity == .error && finding.message.contains("ca-certificates"))
        #expect(finding.message.contains("USERTrust RSA"))
    }

    @Test func theSystemStoreHoldsTheUSERTrustRoot() {
        // Debian's ca-certificates ships it; the test machine has the package installed.
        #expect(APNsTrustStore.system().hasAPNsRoot)
    }
}
