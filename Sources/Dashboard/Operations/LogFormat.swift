/// How the server log is written: one line per request and per event.
public enum LogFormat: String, Sendable, CaseIterable {
    /// The Apache/nginx combined log format that log tools read, with the request id and the
    /// duration appended; events (start, stop, errors) as `pushboard: message` lines.
    case combined
    /// One JSON object per line, requests and events alike, for log collectors.
    case json
}
