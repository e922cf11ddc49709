import APNsWorkspace
import Foundation
import HTTPKit
import Storage
import Testing

@testable import Dashboard

/// The Sending room in-process: a key uploaded on /settings/apns is stored sealed (the data
/// directory holds no byte run of it), never shown again, and audited by its Key ID; a viewer
/// cannot reach the page or send; devices are checked at their fields; a lost key file makes
/// a send say so, not crash; the API's send is rate-limited.
@Suite struct SendingPagesTests {
    static let fixtures = DashboardFixture.repositoryRoot + "/Tests/APNsTests/Fixtures/"
    static let p8 = FileManager.default.contents(atPath: fixtures + "key.p8").map { Array($0) } ?? []
    static let token = String(repeating: "a1b2c3d4", count: 8)

    static func upload(_ fixture: DashboardFixture, keyID: String = "ABC123DEFG", file: [UInt8] = p8)
        -> Response
    {
        let body = MultipartBody.encode([
            MultipartBody.field("kind", "token"), MultipartBody.field("keyID", keyID),
            MultipartBody.field("teamID", "TEAM123456"), MultipartBody.field("environments", "both"),
            MultipartBody.field("bundleID", ""),
            MultipartBody.Part(
                name: "file", filename: "AuthKey.p8", contentType: "application/octet-stream", body: file),
        ])
        return fixture.dashboard.respond(
            to: Request(
                method: .post, target: "/settings/apns",
                headers: ["Content-Type": MultipartBody.contentType, "Host": "127.0.0.1:8080"], body: body,
                remoteAddress: "127.0.0.1"))
    }

    /// Every file of `directory`, read whole.
    static func files(in directory: String) throws -> [(String, [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: directory).compactMap { name in
            FileManager.default.contents(atPath: directory + "/" + name).map { (name, Array($0)) }
        }
    }

    /// The base64 body of the .p8 (the key material), without the PEM lines.
    static var keyBase64: String {
        String(decoding: p8, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    @Test func anUploadedKeyIsSealedListedByKeyIDAndNeverShown() throws {
        let fixture = try DashboardFixture()
        #expect(!Self.p8.isEmpty)
        let response = Self.upload(fixture)
        #expect(response.status == .seeOther)
        let page = DashboardFixture.text(fixture.send(.get, "/settings/apns"))
        #expect(page.contains("ABC123DEFG"))
        #expect(page.contains("TEAM123456"))
        #expect(!page.contains(String(Self.keyBase64.prefix(24))))
        // The data directory: the key file is 0600, and no file holds the key's bytes or base64.
        let attributes = try FileManager.default.attributesOfItem(
            atPath: fixture.dataDirectory + "/secret.key")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let base64 = Array(Self.keyBase64.utf8)
        let raw = Array(Data(base64Encoded: Self.keyBase64) ?? Data())
        for (name, bytes) in try Self.files(in: fixture.dataDirectory) {
            #expect(!Self.contains(bytes, Array(base64.prefix(32))), "\(name) holds the key's base64")
            #expect(!Self.contains(bytes, Array(raw.suffix(32))), "\(name) holds the key's bytes")
        }
        // The audit trail names the key by its Key ID.
        let store = try Store(directory: fixture.dataDirectory)
        let events = try store.audit.events(AuditFilter(objectPrefix: "/settings/apns"))
        #expect(events.map(\.action) == ["apns-key.add"])
        #expect(events.first?.detail.contains("ABC123DEFG") == true)
        #expect(events.allSatisfy { !$0.detail.contains(String(Self.keyBase64.prefix(16))) })
    }

    @Test func aRefusedUploadSaysWhyAtItsField() throws {
        let fixture = try DashboardFixture()
        let badID = Self.upload(fixture, keyID: "abc")
        #expect(badID.status == .unprocessableContent)
        #expect(DashboardFixture.text(badID).contains("Key ID"))
        let notAKey = Self.upload(fixture, file: Array("hello".utf8))
        #expect(notAKey.status == .unprocessableContent)
        #expect(DashboardFixture.text(notAKey).contains("not a .p8 key"))
        #expect(try Store(directory: fixture.dataDirectory).apnsCredentials.all().isEmpty)
    }

    @Test func devicesAreCheckedAtTheirFieldsAndTheEnvironmentIsNeverGuessed() throws {
        let fixture = try DashboardFixture()
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let refused = fixture.send(
            .post, "/devices",
            body: "name=Phone&token=Device+token%3A+\(Self.token)&bundleID=com.example.app&platform=iOS",
            headers: form)
        #expect(refused.status == .unprocessableContent)
        #expect(DashboardFixture.text(refused).contains("Choose the environment"))
        let added = fixture.send(
            .post, "/devices",
            body:
                "name=Phone&token=Device+token%3A+\(Self.token)&environment=sandbox&bundleID=com.example.app&platform=iOS",
            headers: form)
        #expect(added.status == .seeOther)
        #expect(DashboardFixture.text(fixture.send(.get, "/devices")).contains(Self.token))
    }

    @Test func aLostKeyFileIsAClearMessageNotACrash() throws {
        let fixture = try DashboardFixture()
        #expect(Self.upload(fixture).status == .seeOther)
        try FileManager.default.removeItem(atPath: fixture.dataDirectory + "/secret.key")
        let store = try Store(directory: fixture.dataDirectory)
        let device = try #require(
            try store.testDevices.add(
                owner: "127.0.0.1", name: "Phone", token: Self.token, environment: "sandbox",
                bundleID: "com.example.app", platform: "iOS"))
        let response = fixture.send(
            .post, "/api/v1/sends",
            body:
                #"{"payload":"{\"aps\":{\"alert\":\"Hi\"}}","headers":{"apns-push-type":"alert"},"devices":["\#(device.id)"]}"#,
            headers: ["Content-Type": "application/json"])
        #expect(response.status == .ok)
        let text = DashboardFixture.text(response)
        #expect(text.contains("secret key file"), "\(text)")
        #expect(text.contains("is missing"))
        #expect(!text.contains("\"status\""))
    }

    @Test func anInvalidPayloadIsNotSentAndTheLimitIsSixtyAMinute() throws {
        let fixture = try DashboardFixture()
        let store = try Store(directory: fixture.dataDirectory)
        let device = try #require(
            try store.testDevices.add(
                owner: "127.0.0.1", name: "Phone", token: Self.token, environment: "sandbox",
                bundleID: "com.example.app", platform: "iOS"))
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let invalid = fixture.send(
            .post, "/api/v1/sends", body: #"{"payload":"{\"aps\":","devices":["\#(device.id)"]}"#,
            headers: json)
        #expect(invalid.status == .unprocessableContent)
        #expect(DashboardFixture.text(invalid).contains("invalid-send-payload"))
        #expect(try store.sendLog.page(actor: nil, limit: 10, offset: 0).total == 0)
        let body = #"{"payload":"{\"aps\":{\"alert\":\"Hi\"}}","devices":["\#(device.id)"]}"#
        // No key is stored: each push is refused before the network, and still counts.
        for _ in 0..<60 {
            #expect(fixture.send(.post, "/api/v1/sends", body: body, headers: json).status == .ok)
        }
        let limited = fixture.send(.post, "/api/v1/sends", body: body, headers: json)
        #expect(limited.status == .tooManyRequests)
        #expect(Int(limited.headers["Retry-After"] ?? "") ?? 0 >= 1)
        #expect(DashboardFixture.text(limited).contains("send-rate-limited"))
        let other = fixture.send(
            .post, "/api/v1/sends", body: #"{"payload":"{}","devices":["nope"]}"#, headers: json)
        #expect(other.status == .unprocessableContent)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}

/// Viewers cannot reach the keys, devices or sending; the API's send needs an editor.
@Suite struct SendingRoleTests {
    @Test func aViewerCannotReachTheKeysOrSend() throws {
        let fixture = try AccessDashboard()
        for target in ["/settings/apns", "/send", "/devices", "/sends"] {
            #expect(fixture.send(.get, target, as: .viewer).status == .forbidden, "\(target)")
        }
        #expect(fixture.send(.get, "/settings/apns", as: .editor).status == .forbidden)
        #expect(fixture.send(.get, "/settings/apns", as: .admin).status == .ok)
        let send = fixture.send(.post, "/api/v1/sends", as: .viewer, body: #"{"payload":"{}","devices":[]}"#)
        #expect(send.status == .forbidden)
    }
}

/// The send log is kept like the audit trail: the server's upkeep prunes it with the same
/// retention.
@Suite struct SendLogRetentionTests {
    @Test func theUpkeepPrunesOldSendsWithTheAuditRetention() throws {
        let fixture = try DashboardFixture()
        let store = try Store(directory: fixture.dataDirectory)
        let record = SendRecord(
            actor: "user:anna", notificationID: nil, notificationRevision: nil, payloadSHA256: "00",
            deviceID: nil,
            deviceName: "Phone", deviceToken: "ab", environment: "sandbox", credential: "ABC123DEFG",
            status: 200,
            apnsID: nil, uniqueID: nil, reason: nil, failure: nil, roundTripMilliseconds: 1, retried: false)
        try store.sendLog.append([record], at: Date(timeIntervalSinceNow: -500 * 86_400))
        try store.sendLog.append([record])
        let pruning = fixture.dashboard.housekeeping.run(prune: true)
        #expect(pruning?.sends == 1)
        #expect(try store.sendLog.page(actor: nil, limit: 10, offset: 0).total == 1)
    }
}
