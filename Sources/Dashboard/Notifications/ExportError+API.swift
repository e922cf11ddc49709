import HTTPKit
import NotificationKit

extension ExportError {
    /// The error in the API's words: request headers and query parameters, never the command
    /// line's options (`description` names `--topic` and `--bundle`), with its own code for a
    /// device token of the wrong shape so a pipeline can tell it from a payload problem.
    var apiError: HTTPError {
        switch self {
        case .missingTopic(let pushType) where pushType == "mdm":
            HTTPError(
                .invalidExport,
                message: "apns-topic is required with token authentication, and an mdm push goes to the "
                    + "topic of the MDM certificate: send it in the apns-topic request header.")
        case .missingTopic:
            HTTPError(
                .invalidExport,
                message: "apns-topic is required with token authentication: send the apns-topic request "
                    + "header, or the app's bundle ID as the bundle query parameter "
                    + "(bundle=com.example.app), from which the topic is made.")
        case .missingBroadcastBundle:
            HTTPError(
                .invalidExport,
                message: "A broadcast goes to /4/broadcasts/apps/<bundle ID>: send the app's bundle ID as "
                    + "the bundle query parameter (bundle=com.example.app).")
        case .invalidDeviceToken(let problem):
            HTTPError(.invalidDeviceToken, message: problem + " (query parameter deviceToken)")
        default:
            HTTPError(.invalidExport, message: description)
        }
    }
}
