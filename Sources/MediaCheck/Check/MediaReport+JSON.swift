import JSON
import NotificationKit

/// The report as the API and `pushboard media-check --format json` give it.
extension MediaReport {
    /// `{url, passed, finalURL, redirects, address, status, contentType, sniffedType, kind,
    /// bytes, limit, width, height, aspectRatio, frames, imagePath, diagnostics}`; unknown facts
    /// are `null`. `imagePath` is where the dashboard serves its copy, given by the caller.
    public func jsonValue(imagePath: String? = nil) -> JSONValue {
        var object = JSONObjectBuilder()
        object.set("url", url)
        object.set("passed", passed)
        object.set("finalURL", finalURL.map(JSONValue.string) ?? .null)
        object.set("redirects", .list(redirects.map(JSONValue.string)))
        object.set("address", address.map(JSONValue.string) ?? .null)
        object.set("status", status.map(JSONValue.int) ?? .null)
        object.set("contentType", contentType.map(JSONValue.string) ?? .null)
        object.set("sniffedType", sniffedType.map { .string($0.mimeType) } ?? .null)
        object.set("kind", kind.map { .string($0.rawValue) } ?? .null)
        object.set("bytes", bytes.map(JSONValue.int) ?? .null)
        object.set("limit", limit.map(JSONValue.int) ?? .null)
        object.set("width", image.map { JSONValue.int($0.width) } ?? .null)
        object.set("height", image.map { JSONValue.int($0.height) } ?? .null)
        object.set(
            "aspectRatio", image.map { JSONValue.double(($0.aspectRatio * 10000).rounded() / 10000) } ?? .null
        )
        object.set("frames", image.map { JSONValue.int($0.frames) } ?? .null)
        object.set("imagePath", imagePath.map(JSONValue.string) ?? .null)
        object.set("diagnostics", .list(diagnostics.map(\.jsonValue)))
        return object.value
    }

    /// For a terminal: one `url: severity: message [code]` line per finding, then a summary.
    /// Control and bidi characters (an escape sequence in a typed URL, U+202E in a redirect) are
    /// shown as `\u{…}` by the one terminal escaper (`terminalSafe`), never sent to the terminal.
    public var text: String {
        var output = ""
        let url = self.url.terminalSafe
        for diagnostic in diagnostics {
            output +=
                "\(url): \(diagnostic.severity.rawValue): \(diagnostic.message.terminalSafe) [\(diagnostic.code)]\n"
        }
        let errors = diagnostics.count { $0.severity == .error }
        output +=
            "\(url): "
            + (passed
                ? "passed: iOS will attach it"
                : "failed (\(errors) error\(errors == 1 ? "" : "s")): iOS will not attach it") + "\n"
        return output
    }
}
