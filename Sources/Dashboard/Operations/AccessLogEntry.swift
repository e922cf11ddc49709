import Foundation
import JSON
import NotificationKit

/// What the log says about one answered request.
struct AccessLogEntry: Sendable {
    /// When the request arrived.
    var time: Date
    /// The request's id (the client's `X-Request-ID` or a generated one).
    var requestID: String
    /// The client address, `-` when unknown.
    var remoteAddress: String
    /// The method.
    var method: String
    /// The path as sent, without the query (which may carry tokens or personal data).
    var path: String
    /// The status code sent.
    var status: Int
    /// The body bytes sent (0 for `HEAD` and 304).
    var bytes: Int
    /// Time spent answering, in seconds.
    var duration: Double
    /// The `Referer` header, as the combined format records it.
    var referer: String?
    /// The `User-Agent` header, as the combined format records it.
    var userAgent: String?

    /// The line in `format`, without the newline.
    func line(in format: LogFormat) -> String {
        switch format {
        case .combined: combinedLine
        case .json: jsonLine
        }
    }

    /// `127.0.0.1 - - [01/Dec/2026:09:30:00 +0000] "GET / HTTP/1.1" 200 512 "-" "curl/8" id 0.0012`
    var combinedLine: String {
        let address = remoteAddress.isEmpty ? "-" : remoteAddress
        let requestLine = Self.quoted("\(method) \(path) HTTP/1.1")
        let size = bytes == 0 ? "-" : String(bytes)
        return
            "\(address) - - [\(Self.combinedTime(time))] \(requestLine) \(status) \(size) "
            + "\(Self.quoted(referer ?? "-")) \(Self.quoted(userAgent ?? "-")) "
            + "\(requestID) \(Self.seconds(duration))"
    }

    /// Seconds with four decimals (`0.0012`), written without `String(format:)`, whose locale
    /// machinery cost more than the rest of a `/healthz` request.
    static func seconds(_ duration: Double) -> String {
        let tenThousandths = Int((max(0, duration) * 10_000).rounded())
        return String(tenThousandths / 10_000) + "." + padded(tenThousandths % 10_000, to: 4)
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    private static func padded(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// One JSON object: `time`, `level`, `event`, `requestId`, `remoteAddress`, `method`, `path`,
    /// `status`, `bytes`, `durationMs`, and `referer` / `userAgent` when sent.
    var jsonLine: String {
        var object = JSONObjectBuilder()
        object.set("time", ServerLog.timestamp(time))
        object.set("level", status >= 500 ? "error" : "info")
        object.set("event", "request")
        object.set("requestId", requestID)
        object.set("remoteAddress", remoteAddress)
        object.set("method", method)
        object.set("path", path)
        object.set("status", status)
        object.set("bytes", bytes)
        object.set("durationMs", (duration * 1_000_000).rounded() / 1000)
        object.set("referer", referer)
        object.set("userAgent", userAgent)
        return JSONWriter().string(object.value)
    }

    /// A combined-format quoted field: `"` and `\` escaped, control and non-ASCII bytes as `\xHH`
    /// (as Apache writes them), so a hostile User-Agent cannot forge a second line.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += "\\\""
            case UInt8(ascii: "\\"): output += "\\\\"
            case 0x20..<0x7F: output.unicodeScalars.append(Unicode.Scalar(byte))
            default: output += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return output + "\""
    }

    private static func combinedTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return padded(Int(parts.tm_mday), to: 2) + "/" + months[Int(parts.tm_mon)] + "/"
            + padded(Int(parts.tm_year) + 1900, to: 4) + ":" + padded(Int(parts.tm_hour), to: 2) + ":"
            + padded(Int(parts.tm_min), to: 2) + ":" + padded(Int(parts.tm_sec), to: 2) + " +0000"
    }
}
