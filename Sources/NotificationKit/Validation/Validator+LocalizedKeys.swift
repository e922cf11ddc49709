import JSON

extension Validator {
    /// The localized keys of an alert dictionary, each with the member holding its arguments
    /// (`pushboard strings check` lists saved pushes by them).
    public static let localizedKeyMembers = [
        ("title-loc-key", "title-loc-args"), ("subtitle-loc-key", "subtitle-loc-args"),
        ("loc-key", "loc-args"),
    ]

    /// Checks each non-empty `*-loc-key` of `alert` against the app's catalog, when one is given;
    /// findings about the arguments are placed at the arguments, the others at the key.
    func checkLocalizedKeys(_ alert: JSONView, path: @autoclosure () -> String, sink: inout DiagnosticSink) {
        guard let localizedKeys else { return }
        for (keyName, argumentsName) in Self.localizedKeyMembers {
            guard let keyView = alert[keyName], let key = keyView.value.stringValue, !key.isEmpty else {
                continue
            }
            let argumentsView = alert[argumentsName]
            var arguments: [String] = []
            if case .array(let elements)? = argumentsView?.value {
                arguments = elements.compactMap { $0.value.stringValue }
            }
            let keyPath = JSONPath.appending(key: keyName, to: path())
            let argumentsPath = JSONPath.appending(key: argumentsName, to: path())
            for finding in localizedKeys.check(
                key: key, arguments: arguments, path: keyPath, argumentsPath: argumentsPath)
            {
                var placed = finding
                let span =
                    finding.path == argumentsPath ? (argumentsView?.span ?? keyView.span) : keyView.span
                placed.line = span.line
                placed.column = span.column
                sink.append(placed)
            }
        }
    }
}
