import APNs
import Cryptography
import Foundation
import NotificationKit
import Storage

/// What one test send is: the exact validated bytes with the composer's APNs headers, the
/// saved notification (and revision) they came from if any, and the sender's devices.
public struct TestSendRequest: Sendable {
    /// The payload's exact bytes.
    public var payload: [UInt8]
    /// The APNs headers, as the composer or the API gave them.
    public var headers: APNsHeaders
    /// The saved notification and revision, when one is sent.
    public var notificationID: String?
    public var notificationRevision: Int?
    /// The devices, each the sender's own.
    public var devices: [StoredTestDevice]
    /// The credential to use (id or Key ID); nil picks the one that fits each device.
    public var credentialID: String?

    /// A send of `payload` with `headers` to `devices`.
    public init(
        payload: [UInt8], headers: APNsHeaders, notificationID: String? = nil,
        notificationRevision: Int? = nil,
        devices: [StoredTestDevice], credentialID: String? = nil
    ) {
        self.payload = payload
        self.headers = headers
        self.notificationID = notificationID
        self.notificationRevision = notificationRevision
        self.devices = devices
        self.credentialID = credentialID
    }
}

/// One device's part of a send: the credential chosen, what the doctor said, and APNs' answer
/// (nil when it was not sent: no credential, or it could not be opened, `refusal` says why).
public struct DeviceOutcome: Sendable {
    public let device: StoredTestDevice
    public let topic: String
    public let credential: String?
    public let findings: [APNsDoctorFinding]
    public let answer: APNsAnswer?
    public let refusal: String?
    public let record: SendRecord
}

/// Why a send was refused whole.
public enum TestSendError: Error, Sendable, Equatable {
    /// No devices, or more than the limit.
    case devices(String)
    /// The payload is invalid: it is not sent (the report says why).
    case invalidPayload(ValidationReport)
    /// Over the per-user limit: retry after this many seconds.
    case rateLimited(Int)
}

/// Test sends: the doctor's findings for each device, then the push through the one
/// `APNsSender` (kept-alive connections, cached provider tokens), each answer logged.
public final class TestSender: Sendable {
    /// At most this many devices in one send.
    public static let maximumDevices = 20

    let vault: CredentialVault
    let log: SendLogStore
    let sender: APNsSender
    let limit: SendRateLimit
    let trustStore: APNsTrustStore

    /// A sender to `endpoints` (configuration only), with the workspace's credentials and log.
    public init(
        vault: CredentialVault, log: SendLogStore, endpoints: APNsEndpoints,
        limit: SendRateLimit = SendRateLimit()
    ) {
        self.vault = vault
        self.log = log
        self.sender = APNsSender(endpoints: endpoints)
        self.limit = limit
        // A test CA given for the endpoints replaces the system's store: it is the root then.
        self.trustStore =
            endpoints.caFile.map {
                APNsTrustStore(hasAPNsRoot: true, source: "\($0), the configured APNs CA")
            }
            ?? .system()
    }

    /// The topic a push to `device` carries: the headers' `apns-topic`, else the device's bundle
    /// ID with the push type's suffix.
    public static func topic(for device: StoredTestDevice, headers: APNsHeaders) -> String {
        if let topic = headers.topic, !topic.isEmpty { return topic }
        return device.bundleID + (APNsTopicRules.suffix(forPushType: headers.pushType ?? "alert") ?? "")
    }

    /// The credential for `device` and `topic`: the one asked for, else the first whose scope
    /// allows the device's environment and topic, else the first stored (the doctor says why it
    /// will fail).
    public func credential(for device: StoredTestDevice, topic: String, asked: String?) throws
        -> StoredAPNsCredential?
    {
        let all = try vault.list()
        if let asked { return all.first { $0.id == asked || $0.keyID == asked } }
        let environment = device.environment
        let bundle = APNsTopicRules.bundleID(of: topic)
        let fitting = all.first { stored in
            let environmentFits = stored.environments == "both" || stored.environments == environment
            if stored.kind == "token" {
                return environmentFits && (stored.bundleID == nil || stored.bundleID == bundle)
            }
            return environmentFits && stored.topics.contains(topic)
        }
        return fitting ?? all.first
    }

    /// What the doctor says for each device before anything is sent.
    public func findings(for devices: [StoredTestDevice], headers: APNsHeaders, credentialID: String? = nil)
        -> [(device: StoredTestDevice, credential: String?, findings: [APNsDoctorFinding])]
    {
        devices.map { device in
            let topic = Self.topic(for: device, headers: headers)
            let (name, credential, refusal) = opened(for: device, topic: topic, asked: credentialID)
            guard let credential else {
                return (
                    device, name,
                    [APNsDoctorFinding(severity: .error, code: "credential", message: refusal ?? "")]
                )
            }
            return (
                device, name,
                APNsCredentialDoctor.check(
                    credential, environment: APNsEnvironment(rawValue: device.environment) ?? .sandbox,
                    topic: topic,
                    pushType: headers.pushType ?? "alert", now: Date(), trustStore: trustStore)
            )
        }
    }

    /// Sends `request` as `actor` once `report` (the payload's validation) is valid and the
    /// rate limit allows it; answers each device's outcome, logged.
    public func send(_ request: TestSendRequest, report: ValidationReport, by actor: String) throws
        -> [DeviceOutcome]
    {
        guard !request.devices.isEmpty else { throw TestSendError.devices("Choose at least one device.") }
        guard request.devices.count <= Self.maximumDevices else {
            throw TestSendError.devices(
                "A test send goes to at most \(Self.maximumDevices) devices, not \(request.devices.count).")
        }
        guard report.valid else { throw TestSendError.invalidPayload(report) }
        if let wait = limit.take(request.devices.count, for: actor) { throw TestSendError.rateLimited(wait) }
        var request = request
        // The push type the payload was checked as goes out with it (the validator's assumption
        // when the headers have none, which it reported): what was validated is what is sent.
        if request.headers.pushType == nil { request.headers.pushType = report.pushType }
        let hash = Sodium.sha256Hex(request.payload)
        var outcomes: [DeviceOutcome] = []
        for device in request.devices {
            let topic = Self.topic(for: device, headers: request.headers)
            let environment = APNsEnvironment(rawValue: device.environment) ?? .sandbox
            let (name, credential, refusal) = opened(for: device, topic: topic, asked: request.credentialID)
            var findings: [APNsDoctorFinding] = []
            var answer: APNsAnswer?
            if let credential {
                findings = APNsCredentialDoctor.check(
                    credential, environment: environment, topic: topic,
                    pushType: request.headers.pushType ?? "alert",
                    now: Date(), trustStore: trustStore)
                var headers = request.headers.fields.filter { $0.name != "apns-topic" }
                headers.insert((name: "apns-topic", value: topic), at: 0)
                answer = sender.send(
                    APNsPush(
                        deviceToken: device.token, environment: environment, headers: headers,
                        body: request.payload),
                    using: credential)
            }
            let record = SendRecord(
                actor: actor, notificationID: request.notificationID,
                notificationRevision: request.notificationRevision,
                payloadSHA256: hash, deviceID: device.id, deviceName: device.name, deviceToken: device.token,
                environment: device.environment, credential: name ?? "none", status: answer?.status,
                apnsID: answer?.apnsID, uniqueID: answer?.uniqueID, reason: answer?.reason,
                failure: answer?.transportFailure ?? refusal,
                roundTripMilliseconds: answer.map { Self.milliseconds($0.roundTrip) } ?? 0,
                retried: answer?.retried ?? false)
            outcomes.append(
                DeviceOutcome(
                    device: device, topic: topic, credential: name, findings: findings, answer: answer,
                    refusal: refusal,
                    record: record))
        }
        let stored = try log.append(outcomes.map(\.record))
        return zip(outcomes, stored).map { outcome, record in
            DeviceOutcome(
                device: outcome.device, topic: outcome.topic, credential: outcome.credential,
                findings: outcome.findings,
                answer: outcome.answer, refusal: outcome.refusal, record: record)
        }
    }

    private func opened(for device: StoredTestDevice, topic: String, asked: String?)
        -> (name: String?, credential: APNsCredential?, refusal: String?)
    {
        let stored: StoredAPNsCredential?
        do {
            stored = try credential(for: device, topic: topic, asked: asked)
        } catch {
            return (nil, nil, "The APNs credentials could not be read: \(error)")
        }
        guard let stored else {
            let message =
                asked == nil
                ? "No APNs key is stored: an admin adds one under Settings → APNs keys."
                : "No stored APNs key is called \(asked ?? "")."
            return (nil, nil, message)
        }
        do {
            return (stored.displayName, try vault.open(stored), nil)
        } catch {
            return (stored.displayName, nil, error.description)
        }
    }

    /// `duration` in milliseconds, as the log and the answers show round trips.
    public static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
