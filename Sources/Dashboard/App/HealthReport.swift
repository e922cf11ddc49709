import EmbeddedResources
import JSON
import NotificationKit

/// The body of `GET /healthz`: `{"status":"ok"}` (CONTRACT §3) plus the build's version, so an
/// operator can see which build answers without a shell on the host.
enum HealthReport {
    /// The JSON text, the same for the whole life of the process.
    static let json: String = {
        var object = JSONObjectBuilder()
        object.set("status", "ok")
        object.set("version", BuildInfo.version)
        return JSONWriter().string(object.value)
    }()
}
