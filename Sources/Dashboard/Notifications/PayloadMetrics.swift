import NotificationKit

/// What the payload API counts for the server's metrics: every validation's verdict and codes,
/// every preview's device. A protocol of this room, so the room names no type of `Operations/`;
/// the composition root hands it the server's `Metrics` (`App/Metrics+PayloadMetrics.swift`).
protocol PayloadMetrics: Sendable {
    /// Counts one validation by its verdict and diagnostic codes.
    func recordValidation(_ report: ValidationReport)
    /// Counts one preview drawn for `device` (`all` for every device at once).
    func recordPreview(device: String)
}
