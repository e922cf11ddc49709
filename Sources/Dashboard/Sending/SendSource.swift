import HTTPKit
import NotificationKit
import Registry
import Storage

/// What a test send sends: a saved notification (its current revision or the one named) or a
/// payload with headers given as they are; checked with the one analysis against the registry's
/// current snapshot, so an invalid payload is known before anything goes out.
struct SendSource {
    var payload: [UInt8]
    var headers: APNsHeaders
    var notificationID: String?
    var revision: Int?
    var name: String

    /// The saved notification `id` (at `revision`, or its current one); 404 when there is none.
    static func notification(_ id: String, revision: Int?, in store: NotificationStore) throws -> SendSource {
        if let revision {
            guard let saved = try store.revision(revision, of: id) else {
                throw HTTPError(.notFound, message: "The notification \(id) has no revision \(revision).")
            }
            return SendSource(
                payload: Array(saved.payload.utf8), headers: APNsHeaders(storedJSON: saved.headers),
                notificationID: id,
                revision: revision, name: saved.name)
        }
        guard let saved = try store.notification(id: id) else {
            throw HTTPError(.notFound, message: "No saved notification has the id \(id).")
        }
        return SendSource(
            payload: Array(saved.payload.utf8), headers: APNsHeaders(storedJSON: saved.headers),
            notificationID: id,
            revision: saved.revision, name: saved.name)
    }

    /// The validator's report on the exact bytes and headers, against `catalog`'s snapshot.
    func report(_ catalog: CategoryCatalog) throws -> ValidationReport {
        var headers = self.headers
        headers.channelID = nil
        var validator = Validator(registry: try catalog.snapshot().lookup)
        validator.reportsMissingPushType = true
        return PayloadAnalysis(payload: payload, headers: headers.dictionary, validator: validator).report
    }
}
