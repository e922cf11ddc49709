import HTTPKit
import JSON

/// A template that cannot be used (its tags, or its declarations): 422 `invalid-template` with
/// the diagnostics beside the error, each naming the field, line and column.
struct TemplateRefusal: Error, HTTPErrorConvertible {
    let diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    var httpError: HTTPError {
        let first = diagnostics.first.map { " First: \($0.path): \($0.message)" } ?? ""
        return HTTPError(.invalidTemplate, message: "The template has \(diagnostics.count) errors.\(first)")
    }
}
