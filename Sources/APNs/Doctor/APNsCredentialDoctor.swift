public import Foundation
import NotificationKit

/// Says what will fail, before touching APNs: the key's environment and topic scope against the
/// device's environment and the topic, the certificate's topics, environments and expiry, the
/// topic's suffix for the push type, and whether the trust store holds APNs' root.
public enum APNsCredentialDoctor {
    /// Certificates expiring within this many days get a warning.
    public static let expiryWarningDays = 30

    /// The findings, errors first; no `.error` means APNs should accept the request.
    public static func check(
        _ credential: APNsCredential, environment: APNsEnvironment, topic: String, pushType: String?,
        now: Date,
        trustStore: APNsTrustStore
    ) -> [APNsDoctorFinding] {
        var findings: [APNsDoctorFinding] = []
        switch credential {
        case .token(let key):
            findings += check(key, environment: environment, topic: topic)
        case .certificate(let certificate):
            findings += check(
                certificate, environment: environment, topic: topic, pushType: pushType, now: now)
        }
        findings += checkTopic(topic, pushType: pushType)
        if trustStore.hasAPNsRoot {
            findings.append(
                .init(
                    severity: .info, code: "trust-root",
                    message: "The trust store (\(trustStore.source)) holds the root APNs' servers chain to."))
        } else {
            findings.append(
                .init(
                    severity: .error, code: "trust-root",
                    message:
                        "The trust store (\(trustStore.source)) lacks the USERTrust RSA Certification Authority root "
                        + "APNs uses since 2025: every TLS handshake to APNs will fail. Install or update the "
                        + "ca-certificates package (apt-get install ca-certificates)."))
        }
        let order: [APNsDoctorFinding.Severity] = [.error, .warning, .info]
        return findings.enumerated().sorted {
            (order.firstIndex(of: $0.element.severity)!, $0.offset) < (
                order.firstIndex(of: $1.element.severity)!, $1.offset
            )
        }.map(\.element)
    }

    private static func check(_ key: APNsTokenKey, environment: APNsEnvironment, topic: String)
        -> [APNsDoctorFinding]
    {
        var findings: [APNsDoctorFinding] = []
        if key.scope.environments.allows(environment) {
            findings.append(
                .init(
                    severity: .info, code: "key-environment",
                    message:
                        "Key \(key.keyID) may sign for \(environment.rawValue) (scope: \(key.scope.environments.rawValue))."
                ))
        } else {
            findings.append(
                .init(
                    severity: .error, code: "key-environment",
                    message:
                        "Key \(key.keyID) is scoped to \(key.scope.environments.rawValue) only: a \(environment.rawValue) "
                        + "send is refused with 403 BadEnvironmentKeyInToken. Send to \(key.scope.environments.rawValue), "
                        + "or use a key for both environments."))
        }
        if let bundleID = key.scope.bundleID, !topic.isEmpty, APNsTopicRules.bundleID(of: topic) != bundleID {
            findings.append(
                .init(
                    severity: .error, code: "key-topic",
                    message:
                        "Key \(key.keyID) is limited to \(bundleID): the topic \(topic) is refused with 400 "
                        + "TopicDisallowed. Use a topic of \(bundleID), or a key for all the team's topics."))
        }
        if topic.isEmpty {
            findings.append(
                .init(
                    severity: .error, code: "topic-missing",
                    message:
                        "No apns-topic: token-based sends need it (400 MissingTopic). Give the app's bundle ID."
                ))
        }
        return findings
    }

    private static func check(
        _ certificate: APNsCertificate, environment: APNsEnvironment, topic: String, pushType: String?,
        now: Date
    ) -> [APNsDoctorFinding] {
        var findings: [APNsDoctorFinding] = []
        let expiry = APNsAnswerExplainer.day(certificate.expires)
        if certificate.expires <= now {
            findings.append(
                .init(
                    severity: .error, code: "certificate-expired",
                    message:
                        "The certificate expired on \(expiry): APNs refuses the TLS handshake. Make a new one."
                ))
        } else if certificate.expires.timeIntervalSince(now) < Double(expiryWarningDays) * 86400 {
            findings.append(
                .init(
                    severity: .warning, code: "certificate-expiring",
                    message:
                        "The certificate expires on \(expiry), within \(expiryWarningDays) days: renew it soon."
                ))
        }
        if !certificate.environments.allows(environment) {
            findings.append(
                .init(
                    severity: .error, code: "certificate-environment",
                    message:
                        "The certificate is for \(certificate.environments.rawValue) only: a \(environment.rawValue) "
                        + "send is refused with 403 BadCertificateEnvironment."))
        }
        if topic.isEmpty, certificate.topics.count > 1 {
            findings.append(
                .init(
                    severity: .error, code: "topic-missing",
                    message:
                        "No apns-topic, and the certificate covers several topics: APNs answers 400 MissingTopic."
                ))
        } else if !topic.isEmpty, !certificate.topics.isEmpty, !certificate.topics.contains(topic) {
            findings.append(
                .init(
                    severity: .error, code: "certificate-topic",
                    message:
                        "The certificate does not cover the topic \(topic) (it covers "
                        + "\(certificate.topics.joined(separator: ", "))): APNs answers 400 TopicDisallowed.")
            )
        }
        if let pushType, APNsTopicRules.requiresTokenAuthentication(pushType: pushType) {
            findings.append(
                .init(
                    severity: .error, code: "certificate-push-type",
                    message:
                        "APNs accepts \(pushType) pushes only with a token-based key (.p8), not a certificate."
                ))
        }
        return findings
    }

    /// The topic's suffix against the push type (apns-rules.md §7).
    private static func checkTopic(_ topic: String, pushType: String?) -> [APNsDoctorFinding] {
        guard !topic.isEmpty, let pushType, APNsTopicRules.isKnown(pushType: pushType),
            !APNsTopicRules.isUnchecked(pushType: pushType)
        else { return [] }
        let bundle = APNsTopicRules.bundleID(of: topic)
        if let suffix = APNsTopicRules.suffix(forPushType: pushType) {
            guard topic.hasSuffix(suffix) else {
                return [
                    .init(
                        severity: .error, code: "topic-suffix",
                        message:
                            "A \(pushType) push needs the topic \(bundle)\(suffix), not \(topic): APNs answers 400 "
                            + (pushType == "liveactivity" ? "TopicDisallowed." : "DeviceTokenNotForTopic."))
                ]
            }
        } else if bundle != topic {
            return [
                .init(
                    severity: .error, code: "topic-suffix",
                    message:
                        "A \(pushType) push goes to the bare bundle ID \(bundle), not \(topic): APNs answers 400 "
                        + "DeviceTokenNotForTopic.")
            ]
        }
        return []
    }
}
