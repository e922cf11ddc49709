import HTTPKit
import NotificationPreview

/// The query of `POST /api/v1/preview`, and whether the client asked for the text picture.
struct PreviewOptions {
    let device: DeviceID
    let surfaces: [Surface]
    let hiddenPreviews: Bool
    let version: PreviewVersion
    let wantsText: Bool
    /// `device=all`: the matrix of every device × surface instead of one device's preview.
    let allDevices: Bool

    /// The values `device=` takes: every device and `all`, listed once, not per request.
    private static let deviceNames = DeviceID.allCases.map(\.rawValue) + ["all"]
    /// The values `surface=` takes.
    private static let surfaceNames = Surface.allCases.map(\.rawValue)
    /// The values `ios=` takes.
    private static let versionNames = PreviewVersion.allCases.map(\.rawValue)

    init(_ request: Request) throws(HTTPError) {
        let deviceName =
            try QueryOptions.choice(
                "device", in: request, allowed: Self.deviceNames,
                fallback: DeviceID.default.rawValue) ?? DeviceID.default.rawValue
        allDevices = deviceName == "all"
        device = DeviceID(rawValue: deviceName) ?? .default
        let surfaceName = try QueryOptions.choice(
            "surface", in: request, allowed: Self.surfaceNames, fallback: nil)
        surfaces = surfaceName.flatMap(Surface.init(rawValue:)).map { [$0] } ?? []
        if let surface = surfaces.first, !allDevices, !device.surfaces.contains(surface) {
            throw HTTPError(
                .invalidParameter,
                message: "The device \"\(device.rawValue)\" has no surface \"\(surface.rawValue)\"; it has "
                    + device.surfaces.map(\.rawValue).joined(separator: ", ") + ".")
        }
        hiddenPreviews = try QueryOptions.flag("hiddenPreviews", in: request) ?? false
        version =
            try QueryOptions.choice(
                "ios", in: request, allowed: Self.versionNames, fallback: nil
            ).flatMap(PreviewVersion.init(rawValue:)) ?? .default
        // Most API clients send no Accept header: then nothing is searched for.
        if let accept = request.headers["Accept"], !accept.isEmpty {
            wantsText = accept.contains("text/plain") && !accept.contains("application/json")
        } else {
            wantsText = false
        }
    }
}
