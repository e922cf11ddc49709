import Foundation
import HTTPKit
import JSON
import NotificationKit

/// The one log of a serving process: access lines, start and stop, and errors, in one format.
///
/// Lines go to standard error, whole lines per `write(2)` so lines from worker threads never
/// interleave: access lines are gathered for at most 5 ms and written together
/// (`AccessLineBuffer`, which says what a crash can lose), every other line is written at once,
/// after the access lines before it. With a log file, the file is put in place of standard
/// error (`dup2`), so errors any module writes to stderr land in the same file too; `reopen()`
/// (on SIGHUP, after logrotate moved the file) writes what is pending, opens the path again and
/// swaps it in the same way.
public final class ServerLog: Sendable {
    /// How lines are written.
    public let format: LogFormat
    /// The file standing in for standard error, or `nil` to leave standard error alone.
    public let path: String?
    /// Access lines not yet written.
    private let accessLines = AccessLineBuffer(output: ServerLog.writeToStandardError)

    /// A log in `format` on standard error.
    public init(format: LogFormat = .combined) {
        self.format = format
        self.path = nil
    }

    /// A log in `format` on `path` (created with mode 0640, appended to), which becomes
    /// standard error.
    public init(format: LogFormat, path: String) throws {
        self.format = format
        self.path = path
        try reopen()
    }

    /// Opens the log file again and makes it standard error; without a file it does nothing.
    public func reopen() throws {
        guard let path else { return }
        accessLines.flush()
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else {
            throw DashboardError("cannot open the log file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard dup2(descriptor, STDERR_FILENO) >= 0 else {
            throw DashboardError("cannot use the log file \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Logs one answered request.
    func request(_ entry: AccessLogEntry) {
        accessLines.append(entry.bytes(in: format))
    }

    /// Writes the access lines still pending (they are otherwise written within 5 ms).
    public func flush() {
        accessLines.flush()
    }

    /// Logs an event: `pushboard: message` in the combined format, an object with `time`,
    /// `level`, `event` and `message` (plus `fields`) in JSON.
    public func event(
        _ event: String, _ message: String, level: String = "info", fields: [String: String] = [:]
    ) {
        switch format {
        case .combined:
            write(Self.combinedLine(message))
        case .json:
            var object = JSONObjectBuilder()
            object.set("time", Self.timestamp(Date()))
            object.set("level", level)
            object.set("event", event)
            object.set("message", message)
            for key in fields.keys.sorted() { object.set(key, fields[key]) }
            write(JSONWriter().string(object.value))
        }
    }

    /// Logs a failure of one request (the full error, which the client never sees), with the
    /// request id that the access line and the client's answer carry.
    var routerErrorLog: Router.ErrorLog {
        { [self] error, request in
            event(
                "error", "\(request.method) \(request.path): \(error)", level: "error",
                fields: ["requestId": request.headers[RequestID.headerName] ?? "-"])
        }
    }

    /// RFC 3339 in UTC with milliseconds: `2026-12-01T09:30:00.123Z`.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1,
            parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, Int32(milliseconds % 1000))
    }

    /// An event in the combined format, `terminalSafe`: messages quote request paths and errors,
    /// and the log is often a terminal (standard error), where a decoded `%1B` would act.
    static func combinedLine(_ message: String) -> String {
        "pushboard: \(message.terminalSafe)"
    }

    private func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        accessLines.write(afterPending: bytes)
    }

    /// Writes whole lines with as few `write(2)` calls as it takes.
    private static func writeToStandardError(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(STDERR_FILENO, base + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
