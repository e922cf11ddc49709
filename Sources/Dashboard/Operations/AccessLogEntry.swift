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

    /// The line in `format` as the bytes written, newline included.
    func bytes(in format: LogFormat) -> [UInt8] {
        switch format {
        case .combined:
            return combinedBytes(withNewline: true)
        case .json:
            return Array((jsonLine + "\n").utf8)
        }
    }

    /// `127.0.0.1 - - [01/Dec/2026:09:30:00 +0000] "GET / HTTP/1.1" 200 512 "-" "curl/8" id 0.0012`
    var combinedLine: String {
        String(decoding: combinedBytes(withNewline: false), as: UTF8.self)
    }

    /// The combined line as bytes, written field by field into memory reserved once: it is
    /// written for every request, and building it from interpolated strings cost more than the
    /// rest of a `/healthz` answer.
    func combinedBytes(withNewline: Bool) -> [UInt8] {
        // The fixed text, the time and the numbers take under 160 bytes; escaping at most
        // quadruples a field; the address and the request id are written as they are.
        let escaped =
            method.utf8.count + path.utf8.count + (referer?.utf8.count ?? 1) + (userAgent?.utf8.count ?? 1)
        let capacity = 160 + remoteAddress.utf8.count + requestID.utf8.count + 4 * escaped
        return LogLineWriter.bytes(capacity: capacity) { line in
            if remoteAddress.isEmpty { line.append(UInt8(ascii: "-")) } else { line.append(remoteAddress) }
            line.append(" - - [")
            Self.appendCombinedTime(time, to: &line)
            line.append("] \"")
            line.appendEscaped(method)
            line.append(UInt8(ascii: " "))
            line.appendEscaped(path)
            line.append(" HTTP/1.1\" ")
            line.appendDecimal(status)
            line.append(UInt8(ascii: " "))
            if bytes == 0 { line.append(UInt8(ascii: "-")) } else { line.appendDecimal(bytes) }
            line.append(UInt8(ascii: " "))
            line.appendQuoted(referer ?? "-")
            line.append(UInt8(ascii: " "))
            line.appendQuoted(userAgent ?? "-")
            line.append(UInt8(ascii: " "))
            line.append(requestID)
            line.append(UInt8(ascii: " "))
            Self.appendSeconds(duration, to: &line)
            if withNewline { line.append(UInt8(ascii: "\n")) }
        }
    }

    /// Seconds with four decimals (`0.0012`), written without `String(format:)`, whose locale
    /// machinery cost more than the rest of a `/healthz` request.
    static func seconds(_ duration: Double) -> String {
        String(
            decoding: LogLineWriter.bytes(capacity: 48) { appendSeconds(duration, to: &$0) }, as: UTF8.self)
    }

    private static func appendSeconds(_ duration: Double, to line: inout LogLineWriter) {
        let tenThousandths = Int((max(0, duration) * 10_000).rounded())
        line.appendDecimal(tenThousandths / 10_000)
        line.append(UInt8(ascii: "."))
        line.appendDecimal(tenThousandths % 10_000, width: 4)
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
        String(
            decoding: LogLineWriter.bytes(capacity: 2 + 4 * text.utf8.count) { $0.appendQuoted(text) },
            as: UTF8.self)
    }

    /// The month's three-letter English name (`tm_mon` 0–11), as the combined format has it.
    private static func monthName(_ month: Int32) -> StaticString {
        switch month {
        case 0: "Jan"
        case 1: "Feb"
        case 2: "Mar"
        case 3: "Apr"
        case 4: "May"
        case 5: "Jun"
        case 6: "Jul"
        case 7: "Aug"
        case 8: "Sep"
        case 9: "Oct"
        case 10: "Nov"
        default: "Dec"
        }
    }

    /// `01/Dec/2026:09:30:00 +0000`.
    private static func appendCombinedTime(_ date: Date, to line: inout LogLineWriter) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        line.appendDecimal(Int(parts.tm_mday), width: 2)
        line.append(UInt8(ascii: "/"))
        monthName(parts.tm_mon).withUTF8Buffer { for byte in $0 { line.append(byte) } }
        line.append(UInt8(ascii: "/"))
        line.appendDecimal(Int(parts.tm_year) + 1900, width: 4)
        line.append(UInt8(ascii: ":"))
        line.appendDecimal(Int(parts.tm_hour), width: 2)
        line.append(UInt8(ascii: ":"))
        line.appendDecimal(Int(parts.tm_min), width: 2)
        line.append(UInt8(ascii: ":"))
        line.appendDecimal(Int(parts.tm_sec), width: 2)
        line.append(" +0000")
    }
}
