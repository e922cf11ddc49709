public import Foundation
import NotificationKit

/// Explains an answer from the one table of reasons (`APNsReason`, NotificationKit), adding
/// what only the send knows: the environment it went to, the 410's date.
public enum APNsAnswerExplainer {
    /// The explanation of `status` and `reason` for a push sent to `environment`.
    public static func explain(
        status: Int, reason: String?, environment: APNsEnvironment, timestamp: Date? = nil
    ) -> APNsExplanation {
        if status == 200 {
            return APNsExplanation(
                meaning:
                    "Delivered to APNs: it forwards the notification to the device when it is reachable.",
                advice: "")
        }
        guard let reason, let entry = APNsReason.named(reason) else {
            return APNsExplanation(
                meaning:
                    "APNs answered \(status)\(reason.map { " " + $0 } ?? ""), a reason Apple does not document.",
                advice: status >= 500
                    ? "Send again in a few minutes." : "Check the request against Apple's documentation.")
        }
        var meaning = entry.meaning
        var advice = entry.advice
        switch reason {
        case "BadDeviceToken":
            meaning =
                "APNs \(environment.rawValue) does not know this device token: this may be a "
                + "\(environment.other.rawValue) token."
            advice =
                "Choose \(environment.other.title) for this device (a development build's token is a sandbox "
                + "token; TestFlight and App Store builds have production tokens), or copy the token again."
        case "BadEnvironmentKeyInToken":
            advice =
                "This key is not scoped to \(environment.rawValue): send to \(environment.other.rawValue) "
                + "with it, or use a key for both environments; set its scope as the developer account shows it."
        case "Unregistered", "ExpiredToken":
            if let timestamp {
                meaning += " APNs last knew it as valid on \(Self.day(timestamp))."
            }
        default: break
        }
        return APNsExplanation(meaning: meaning, advice: advice, offerRemoveDevice: entry.offerRemoveDevice)
    }

    /// A transport failure (no HTTP answer) explained.
    static func explain(transport failure: String, timedOut: Bool, tls: Bool) -> APNsExplanation {
        if tls {
            return APNsExplanation(
                meaning: "The TLS connection to APNs failed (\(failure)).",
                advice:
                    "APNs' certificates chain to the USERTrust RSA Certification Authority root since 2025: "
                    + "install or update the ca-certificates package on this server.")
        }
        if timedOut {
            return APNsExplanation(
                meaning:
                    "APNs did not answer in time (\(failure)); the push may or may not have been delivered.",
                advice: "Send again later; other devices of this send were not held up beyond this timeout.")
        }
        return APNsExplanation(
            meaning: "No connection to APNs (\(failure)).",
            advice: "Check this server reaches the APNs host on port 443 (firewall, proxy, DNS).")
    }

    /// "2026-12-07 18:04:41 UTC": how answers and the command line show a date.
    public static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
