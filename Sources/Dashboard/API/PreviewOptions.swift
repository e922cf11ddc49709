import HTTPKit
import NotificationPreview

/// The query of `POST /api/v1/preview`, and whether the client asked for the text picture.
struct PreviewOptions {
    let device: DeviceID
    let surfaces: [Surface]
    let hiddenPreviews: Bool
    let wantsText: Bool

    init(_ request: Request) throws(HTTPError) {
        let deviceName =
            try QueryOptions.choice(
                "device", in: request, allowed: DeviceID.allCases.map(\.rawValue),
                fallback: DeviceID.default.rawValue) ?? DeviceID.default.rawValue
        device = DeviceID(rawValue: deviceName) ?? .default
        let surfaceName = try QueryOptions.choice(
            "surface", in: request, allowed: Surface.allCases.map(\.rawValue), fallback: nil)
        surfaces = surfaceName.flatMap(Surface.init(rawValue:)).map { [$0] } ?? []
        hiddenPreviews = try QueryOptions.flag("hiddenPreviews", in: request) ?? false
        let accept = request.headers["Accept"] ?? ""
        wantsText = accept.contains("text/plain") && !accept.contains("application/json")
    }
}
