import Foundation

/// The settings file of `pushboard serve --config FILE` (`/etc/pushboard/pushboard.conf` in the
/// package): `name = value` lines whose names are the long options of `serve`, `#` comments.
/// Options given on the command line override the file.
enum ServeConfigFile {
    /// The options the file may set: everything except the file itself and `--resources`,
    /// which is for development.
    static let settings: Set<String> = [
        "host", "port", "data", "threads", "allowed-host", "log-format", "log-file", "drain-timeout",
        "request-deadline", "body-budget", "per-address-connections", "trusted-proxy", "audit-retention",
        // The APNs endpoints test sends go to (issue 26; `send --config` reads them too).
        "apns-sandbox", "apns-production", "apns-ca",
        // The PostgreSQL database of a cluster (issue 30); without it, SQLite in `data`.
        "database",
    ]

    /// The settings in the file at `path`. A line that is not `name = value`, an unknown name
    /// or a name given twice is a usage error naming the line; an unreadable file an I/O error.
    static func read(_ path: String) throws -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputOutputError(message: "cannot read the config file \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError("\(path): is not UTF-8 text")
        }
        var values: [String: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let place = "\(path):\(index + 1)"
            guard let equals = line.firstIndex(of: "=") else {
                throw UsageError("\(place): expected 'name = value', got '\(line)'")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard settings.contains(name) else {
                throw UsageError(
                    "\(place): unknown setting '\(name)'; known: \(settings.sorted().joined(separator: ", "))"
                )
            }
            guard values.updateValue(value, forKey: name) == nil else {
                throw UsageError("\(place): '\(name)' is set twice")
            }
        }
        return values
    }
}
