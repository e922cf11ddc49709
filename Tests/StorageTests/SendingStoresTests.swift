import Foundation
import Testing

@testable import Storage

/// The stores of test sends: credentials keep only the sealed box they were given (one per Key
/// ID), devices are their owner's alone, and the send log pages newest first and is pruned by
/// age like the audit trail.
@Suite struct SendingStoresTests {
    static func credential(keyID: String?, box: [UInt8] = [9, 9, 9]) -> StoredAPNsCredential {
        StoredAPNsCredential(
            kind: keyID == nil ? "certificate" : "token", format: keyID == nil ? "pem" : "p8", keyID: keyID,
            teamID: keyID == nil ? nil : "TEAM123456", environments: "both", bundleID: nil,
            topics: keyID == nil ? ["com.example.app", "com.example.app.voip"] : [],
            subject: keyID == nil ? "Apple Push Services: com.example.app" : nil, expiresAt: nil,
            sealedSecret: box, sealingKey: "0011223344556677", createdBy: "user:anna")
    }

    @Test(arguments: StoreBackend.allCases) func credentialsAreOnePerKeyIDAndFoundByIdOrKeyID(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory)
        let added = try #require(try store.apnsCredentials.add(Self.credential(keyID: "ABC123DEFG")))
        #expect(try store.apnsCredentials.add(Self.credential(keyID: "ABC123DEFG")) == nil)
        let certificate = try #require(try store.apnsCredentials.add(Self.credential(keyID: nil)))
        #expect(certificate.topics == ["com.example.app", "com.example.app.voip"])
        #expect(try store.apnsCredentials.credential("ABC123DEFG")?.id == added.id)
        #expect(try store.apnsCredentials.credential(added.id)?.sealedSecret == [9, 9, 9])
        #expect(try store.apnsCredentials.all().count == 2)
        #expect(try store.apnsCredentials.remove("ABC123DEFG")?.id == added.id)
        #expect(try store.apnsCredentials.remove("ABC123DEFG") == nil)
    }

    @Test(arguments: StoreBackend.allCases) func devicesBelongToTheirOwner(_ backend: StoreBackend) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory)
        let token = String(repeating: "ab", count: 32)
        let device = try #require(
            try store.testDevices.add(
                owner: "user:anna", name: "Phone", token: token, environment: "sandbox",
                bundleID: "com.example.app",
                platform: "iOS"))
        #expect(
            try store.testDevices.add(
                owner: "user:anna", name: "Again", token: token, environment: "production",
                bundleID: "com.example.app", platform: "iOS") == nil)
        #expect(try store.testDevices.devices(of: "user:ben").isEmpty)
        #expect(try store.testDevices.device(device.id, of: "user:ben") == nil)
        #expect(try store.testDevices.remove(device.id, of: "user:ben") == false)
        #expect(try store.testDevices.device(device.id, of: "user:anna") == device)
        #expect(try store.testDevices.remove(device.id, of: "user:anna"))
    }

    @Test(arguments: StoreBackend.allCases) func theSendLogPagesNewestFirstCountsAndPrunes(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory)
        func record(_ actor: String, _ status: Int?) -> SendRecord {
            SendRecord(
                actor: actor, notificationID: nil, notificationRevision: nil, payloadSHA256: "00",
                deviceID: nil,
                deviceName: "Phone", deviceToken: "ab", environment: "sandbox", credential: "ABC123DEFG",
                status: status, apnsID: nil, uniqueID: nil, reason: status == 410 ? "Unregistered" : nil,
                failure: nil,
                roundTripMilliseconds: 12.5, retried: false)
        }
        let old = Date(timeIntervalSinceNow: -90 * 86_400)
        try store.sendLog.append([record("user:anna", 200)], at: old)
        let stored = try store.sendLog.append([record("user:anna", 410), record("user:ben", nil)])
        #expect(stored.map(\.reason) == ["Unregistered", nil])
        #expect(stored[1].status == nil)
        let everyone = try store.sendLog.page(actor: nil, limit: 100, offset: 0)
        #expect(everyone.total == 3)
        #expect(everyone.records.map(\.actor) == ["user:ben", "user:anna", "user:anna"])
        #expect(try store.sendLog.page(actor: "user:anna", limit: 1, offset: 1).records.first?.status == 200)
        #expect(try store.sendLog.count(actor: "user:anna", since: Date(timeIntervalSinceNow: -60)) == 1)
        #expect(try store.sendLog.prune(before: Date(timeIntervalSinceNow: -30 * 86_400)) == 1)
        #expect(try store.sendLog.page(actor: nil, limit: 100, offset: 0).total == 2)
    }
}
