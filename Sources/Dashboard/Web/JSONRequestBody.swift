import HTTPKit
import JSON
import NotificationKit

/// A request body that must be a JSON document: checks the media type, then reads it strictly.
struct JSONRequestBody {
    /// The exact bytes of the body.
    let bytes: [UInt8]
    /// The document root.
    let root: JSONNode

    /// Reads the body of `request`: 415 for a present, non-JSON `Content-Type`; 400 naming the
    /// line and column of the first fault for a body that is not strict JSON.
    init(_ request: Request) throws(HTTPError) {
        try Self.requireJSONMediaType(request)
        let result = JSONReader.apns.read(request.body)
        guard let root = result.root, result.isValid else {
            let fault = result.diagnostics.first
            let place = fault.flatMap { fault in
                fault.line.map { "line \($0), column \(fault.column ?? 1): " }
            }
            throw HTTPError(
                .invalidJSON,
                message: "The body is not valid JSON: \(place ?? "")\(fault?.message ?? "it is empty.")")
        }
        self.bytes = request.body
        self.root = root
    }

    /// Throws 415 unless the body is declared as JSON (`application/json`, `application/*+json`)
    /// or not declared at all (pipelines posting with a bare `curl --data-binary`).
    static func requireJSONMediaType(_ request: Request) throws(HTTPError) {
        // What pipelines send, byte for byte: answered without building the lowercased type.
        if let declared = request.headers["Content-Type"],
            declared == "application/json"
        {
            return
        }
        guard let type = request.mediaType else { return }
        if type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) {
            return
        }
        throw HTTPError(
            .unsupportedMediaType,
            message: "Send the body as JSON with Content-Type: application/json (got \(type)).")
    }
}
