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

    /// The combined line as bytes, appended field by field into one buffer: it is written for
    /// every request, and building it from interpolated strings cost more than the rest of a
    /// `/healthz` answer.
    func combinedBytes(withNewline: Bool) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(
            112 + remoteAddress.utf8.count + path.utf8.count + requestID.utf8.count
                + (referer?.utf8.count ?? 1) + (userAgent?.utf8.count ?? 1))
        if remoteAddress.isEmpty { line.append(UInt8(ascii: "-")) } else { line += remoteAddress.utf8 }
        line += " - - [".utf8
        Self.appendCombinedTime(time, to: &line)
        line += "] ".utf8
        line.append(UInt8(ascii: "\""))
        Self.appendEscaped(method.utf8, to: &line)
        line.append(UInt8(ascii: " "))
        Self.appendEscaped(path.utf8, to: &line)
        line += " HTTP/1.1\"".utf8
        line.append(UInt8(ascii: " "))
        Self.appendDecimal(status, to: &line)
        line.append(UInt8(ascii: " "))
        if bytes == 0 { line.append(UInt8(ascii: "-")) } else { Self.appendDecimal(bytes, to: &line) }
        line.append(UInt8(ascii: " "))
        Self.appendQuoted((referer ?? "-").utf8, to: &line)
        line.append(UInt8(ascii: " "))
        Self.appendQuoted((userAgent ?? "-").utf8, to: &line)
        line.append(UInt8(ascii: " "))
        line += requestID.utf8
        line.append(UInt8(ascii: " "))
        Self.appendSeconds(duration, to: &line)
        if withNewline { line.append(UInt8(ascii: "\n")) }
        return line
    }

    /// Seconds with four decimals (`0.0012`), written without `String(format:)`, whose locale
    /// machinery cost more than the rest of a `/healthz` request.
    static func seconds(_ duration: Double) -> String {
        var digits: [UInt8] = []
        appendSeconds(duration, to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }

    private static func appendSeconds(_ duration: Double, to bytes: inout [UInt8]) {
        let tenThousandths = Int((max(0, duration) * 10_000).rounded())
        appendDecimal(tenThousandths / 10_000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDecimal(tenThousandths % 10_000, width: 4, to: &bytes)
    }

    /// `value` (not negative) in decimal, zero-padded on the left to `width` digits.
    private static func appendDecimal(_ value: Int, width: Int = 1, to bytes: inout [UInt8]) {
        let value = max(0, value)
        var divisor = 1
        var digits = 1
        while divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
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
        var output: [UInt8] = []
        appendQuoted(text.utf8, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendQuoted(_ text: String.UTF8View, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The inside of a quoted field (see `quoted`).
    private static func appendEscaped(_ text: String.UTF8View, to output: inout [UInt8]) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x20..<0x7F:
                output.append(byte)
            default:
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(ascii: "x"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
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
    private static func appendCombinedTime(_ date: Date, to line: inout [UInt8]) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDecimal(Int(parts.tm_mday), width: 2, to: &line)
        line.append(UInt8(ascii: "/"))
        monthName(parts.tm_mon).withUTF8Buffer { line += $0 }
        line.append(UInt8(ascii: "/"))
        appendDecimal(Int(parts.tm_year) + 1900, width: 4, to: &line)
        line.append(UInt8(ascii: ":"))
        appendDecimal(Int(parts.tm_hour), width: 2, to: &line)
        line.append(UInt8(ascii: ":"))
        appendDecimal(Int(parts.tm_min), width: 2, to: &line)
        line.append(UInt8(ascii: ":"))
        appendDecimal(Int(parts.tm_sec), width: 2, to: &line)
        line += " +0000".utf8
    }
}
