import HTTPKit
import NotificationKit

/// The Export section's own fields, in the web's words: the app's bundle ID (the topic when the
/// Topic header is empty, and the .apns file's "Simulator Target Bundle"), a device token and the
/// APNs environment for the curl command. They are not part of the payload and are not saved.
struct ComposerExportOptions: Sendable, Equatable {
    /// The form name of "Bundle ID".
    static let bundleField = "bundle"
    /// The form name of "Device token".
    static let deviceTokenField = "deviceToken"
    /// The form name of "APNs environment".
    static let environmentField = "environment"

    /// The app's bundle ID; nil when empty.
    var bundle: String?
    /// The device token, hexadecimal; nil when empty (the command then says `DEVICE_TOKEN`).
    var deviceToken: String?
    /// Sandbox (development builds) or production (App Store and TestFlight).
    var environment: PayloadExport.APNsEnvironment = .sandbox

    /// No options: the placeholder token, the sandbox.
    init() {}

    /// Reads the fields from a posted form or a query; an unknown environment is the sandbox.
    init(_ form: FormFields) {
        bundle = form[Self.bundleField]?.trimmingCharacters(in: .whitespaces).nilIfBlank
        deviceToken =
            form[Self.deviceTokenField].map {
                String($0.filter { !$0.isWhitespace && $0 != "<" && $0 != ">" })
            }?
            .nilIfBlank
        environment =
            form[Self.environmentField].flatMap(PayloadExport.APNsEnvironment.init(rawValue:)) ?? .sandbox
    }

    /// The curl command for `bytes` and `headers`, or the reason it cannot be written, in the
    /// page's words (fields, not command-line options).
    func curl(bytes: [UInt8], headers: [String: String]) -> (command: String?, problem: String?) {
        do {
            let command = try PayloadExport(bytes: bytes, headers: APNsHeaders(fields: headers))
                .curlCommand(deviceToken: deviceToken, environment: environment, bundleIdentifier: bundle)
            return (command, nil)
        } catch .missingTopic(let pushType) where pushType == "mdm" {
            return (nil, "An MDM push's topic comes from the MDM certificate: fill in Topic (APNs headers).")
        } catch .missingTopic {
            return (
                nil,
                "APNs needs the app's topic with token authentication: fill in Bundle ID below, or Topic under APNs headers."
            )
        } catch .invalidDeviceToken(let problem) {
            return (nil, problem)
        } catch {
            return (nil, error.description)
        }
    }
}
