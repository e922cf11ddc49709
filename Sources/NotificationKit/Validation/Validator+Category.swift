import JSON

extension Validator {
    /// `category` must name a registered UNNotificationCategory exactly, case included; otherwise
    /// iOS shows the notification without its buttons and says nothing (§10).
    func checkCategory(_ node: JSONView, path: @autoclosure () -> String, sink: inout DiagnosticSink) {
        guard let category = node.value.stringValue else {
            sink.emit(
                .apsStringType, path(), at: node.span, "\"category\" must be a string, not \(describe(node))."
            )
            return
        }
        guard let registry = categories else {
            // Said for nearly every payload of a pipeline run without a registry: joined, not
            // interpolated (see `String(joining:)`).
            sink.emit(
                .categoryUnchecked, path(), at: node.span,
                String(
                    joining: "No category registry was given, so \"", category,
                    "\" was not checked against the app's categories."))
            return
        }
        // The common path is one indexed lookup; only a miss compares against every identifier.
        if registry.category(identifiedBy: category) != nil {
            return
        }
        switch CategoryMatch(category, among: registry.identifiers) {
        case .registered:
            return
        case .caseMismatch(let match):
            sink.emit(
                .categoryCaseMismatch, path(), at: node.span,
                "\"\(category)\" is not registered; \"\(match)\" is (identifiers are case-sensitive).")
        case .otherNormalization(let match):
            sink.emit(
                .categoryUnregistered, path(), at: node.span,
                "\"\(category)\" is not a registered category; \"\(match)\" looks the same but is written "
                    + "with other Unicode code points (NFC versus NFD), and iOS compares identifiers byte for "
                    + "byte, so the notification shows without action buttons.")
        case .unregistered(let near):
            var message =
                "\"\(category)\" is not a registered category; iOS will show the notification without action buttons"
            message += near.map { "; did you mean \"\($0)\"?" } ?? "."
            sink.emit(.categoryUnregistered, path(), at: node.span, message)
        }
    }
}
