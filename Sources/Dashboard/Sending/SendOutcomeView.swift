import APNs
import APNsWorkspace
import Foundation
import JSON
import Storage
import Templates

/// One device's outcome as the page and the API show it: the status, `apns-id`,
/// `apns-unique-id`, the round trip, what it means and what to do, and for a 410 its date and
/// whether to offer removing the device. Never a credential's secret: only its name.
enum SendOutcomeView {
    /// The outcome as template values.
    static func template(_ outcome: DeviceOutcome) -> TemplateValue {
        let answer = outcome.answer
        let delivered = answer?.status == 200
        return .object([
            "deviceID": .string(outcome.device.id), "device": .string(outcome.device.name),
            "environment": .string(outcome.device.environment.capitalized), "topic": .string(outcome.topic),
            "credential": .string(outcome.credential ?? "none"), "delivered": .bool(delivered),
            "status": .string(answer?.status.map(String.init) ?? "no answer"),
            "apnsID": .string(answer?.apnsID ?? "—"), "uniqueID": .string(answer?.uniqueID ?? "—"),
            "reason": .string(answer?.reason ?? ""),
            "roundTrip": .string(
                answer.map { String(format: "%.0f ms", TestSender.milliseconds($0.roundTrip)) } ?? "—"),
            "meaning": .string(answer?.explanation.meaning ?? outcome.refusal ?? ""),
            "advice": .string(answer?.explanation.advice ?? ""),
            "failure": .string(answer?.transportFailure ?? ""),
            "unregisteredOn": .string(answer?.timestamp.map(APNsAnswerExplainer.day) ?? ""),
            "offerRemove": .bool(answer?.explanation.offerRemoveDevice == true),
            "retried": .bool(answer?.retried == true),
            "findings": .list(outcome.findings.map(finding)),
        ])
    }

    /// A doctor's finding as template values.
    static func finding(_ finding: APNsDoctorFinding) -> TemplateValue {
        .object([
            "severity": .string(finding.severity.rawValue), "code": .string(finding.code),
            "message": .string(finding.message), "error": .bool(finding.severity == .error),
        ])
    }

    /// The outcome as the API answers it (absent members: no such value).
    static func json(_ outcome: DeviceOutcome) -> JSONValue {
        let answer = outcome.answer
        var object = JSONObjectBuilder()
        object.set("device", outcome.device.id)
        object.set("deviceName", outcome.device.name)
        object.set("environment", outcome.device.environment)
        object.set("topic", outcome.topic)
        object.set("credential", outcome.credential)
        object.set("status", answer?.status)
        object.set("apnsID", answer?.apnsID)
        object.set("apnsUniqueID", answer?.uniqueID)
        object.set("reason", answer?.reason)
        object.set("timestamp", answer?.timestamp.map(APNsAnswerExplainer.day))
        object.set("roundTripMilliseconds", answer.map { TestSender.milliseconds($0.roundTrip) })
        object.set("retried", answer?.retried)
        object.set("failure", answer?.transportFailure ?? outcome.refusal)
        object.set("meaning", answer?.explanation.meaning)
        object.set("advice", answer?.explanation.advice)
        object.set("removeDevice", answer?.explanation.offerRemoveDevice)
        object.set(
            "findings",
            .list(
                outcome.findings.map { finding in
                    .members([
                        "severity": .string(finding.severity.rawValue), "code": .string(finding.code),
                        "message": .string(finding.message),
                    ])
                }))
        return object.value
    }

    /// A logged send as the API answers it.
    static func json(_ record: SendRecord) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("id", record.id)
        object.set("at", record.at)
        object.set("actor", record.actor)
        object.set("notification", record.notificationID)
        object.set("revision", record.notificationRevision)
        object.set("payloadSHA256", record.payloadSHA256)
        object.set("device", record.deviceID)
        object.set("deviceName", record.deviceName)
        object.set("environment", record.environment)
        object.set("credential", record.credential)
        object.set("status", record.status)
        object.set("apnsID", record.apnsID)
        object.set("apnsUniqueID", record.uniqueID)
        object.set("reason", record.reason)
        object.set("failure", record.failure)
        object.set("roundTripMilliseconds", record.roundTripMilliseconds)
        object.set("retried", record.retried)
        return object.value
    }
}
