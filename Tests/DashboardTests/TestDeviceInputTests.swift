import APNsWorkspace
import Foundation
import Testing

/// Test devices as entered: the token found in what was pasted (a bare token, a log line, the
/// `<…>` of old `NSData` descriptions), its shape checked by NotificationKit's one rule, and
/// the environment never guessed.
@Suite struct TestDeviceInputTests {
    static let token = String(repeating: "a1b2c3d4", count: 8)

    @Test(arguments: [
        (token, token),
        ("Device token: \(token.uppercased())\n", token),
        ("2026-12-07 10:00:01 MyApp[311] didRegister deviceToken=\(token) ok", token),
        ("<a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4 a1b2c3d4>", token),
        (String(repeating: "0f", count: 100), String(repeating: "0f", count: 100)),
    ])
    func theTokenIsFoundInWhatWasPasted(pasted: String, expected: String) throws {
        #expect(try DeviceTokenText.token(in: pasted).get() == expected)
    }

    @Test(arguments: [
        ("", "Enter the device token."),
        ("a1b2c3", "is 3 bytes"),
        (String(repeating: "a", count: 65), "an odd number"),
        ("token: xyz", "No device token found"),
        ("first \(token) second \(String(repeating: "b", count: 64))", "2 different tokens"),
        (String(repeating: "ab", count: 256), "at most 255"),
    ])
    func aTokenOfTheWrongShapeIsRefusedAtItsField(pasted: String, says: String) {
        guard case .failure(let error) = DeviceTokenText.token(in: pasted) else {
            Issue.record("accepted \(pasted)")
            return
        }
        #expect(error.field == "token")
        #expect(error.message.contains(says), "\(error.message)")
    }

    @Test func theEnvironmentMustBeChosen() {
        #expect(throws: DeviceInputErrors.self) {
            try TestDeviceInput(
                name: "Phone", token: Self.token, environment: "", bundleID: "com.example.app",
                platform: "iOS")
        }
        do {
            _ = try TestDeviceInput(
                name: "", token: "zz", environment: "auto", bundleID: "com..x", platform: "Android")
            Issue.record("accepted")
        } catch {
            #expect(Set(error.byField.keys) == ["name", "token", "environment", "bundleID", "platform"])
            #expect(error.byField["environment"]?.contains("Sandbox") == true)
        }
    }

    @Test func aGoodDeviceIsAcceptedWithItsTokenInLowercase() throws {
        let device = try TestDeviceInput(
            name: " Anna’s iPhone ", token: Self.token.uppercased(), environment: "sandbox",
            bundleID: "com.example.app", platform: "iOS")
        #expect(device.name == "Anna’s iPhone")
        #expect(device.token == Self.token)
    }
}

/// At most 60 test pushes a minute per user; a send over it is refused whole with the wait.
@Suite struct SendRateLimitTests {
    @Test func sixtyAMinutePerUserThenAWait() {
        let limit = SendRateLimit()
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(limit.take(20, for: "user:anna", now: start) == nil)
        #expect(limit.take(20, for: "user:anna", now: start.addingTimeInterval(10)) == nil)
        #expect(limit.take(20, for: "user:anna", now: start.addingTimeInterval(20)) == nil)
        // The 61st push waits until the first 20 are a minute old: 60 - 30 = 30 s.
        #expect(limit.take(1, for: "user:anna", now: start.addingTimeInterval(30)) == 30)
        // Someone else is not held up.
        #expect(limit.take(20, for: "user:ben", now: start.addingTimeInterval(30)) == nil)
        // A minute after the first push, the first 20 have aged out.
        #expect(limit.take(20, for: "user:anna", now: start.addingTimeInterval(60)) == nil)
        #expect(limit.take(1, for: "user:anna", now: start.addingTimeInterval(61)) == 9)
    }
}
