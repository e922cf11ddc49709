import JSON

extension Validator {
    /// `category` must name a registered UNNotificationCategory exactly, case included; otherwise
    /// iOS shows the notification without its buttons and says nothing (§10).
    func checkCategory(_ node: JSONNode, path: @autoclosure () -> String, sink: inout DiagnosticSink) {
        guard let category = node.value.stringValue else {
            sink.emit(
                .apsStringType, path(), at: node.span, "\"category\" must be a string, not \(describe(node))."
            )
            return
        }
        guard let registry = categories else {
            sink.emit(
                .categoryUnchecked, path(), at: node.span,
                "No category registry was given, so \"\(category)\" was not checked against the app's categories."
            )
            return
        }
        if registry.category(identifiedBy: category) != nil {
            return
        }
        if let match = registry.category(foldedLike: category)?.identifier {
            sink.emit(
                .categoryCaseMismatch, path(), at: node.span,
                "\"\(category)\" is not registered; \"\(match)\" is (identifiers are case-sensitive).")
            return
        }
        // Only a miss gets here: the linear searches below cost nothing on the common path.
        let registered = registry.identifiers
        let lowered = category.lowercased()
        if let match = registered.first(where: { $0.lowercased() == lowered }) {
            sink.emit(
                .categoryUnregistered, path(), at: node.span,
                "\"\(category)\" is not a registered category; \"\(match)\" looks the same but is written "
                    + "with other Unicode code points (NFC versus NFD), and iOS compares identifiers byte for "
                    + "byte, so the notification shows without action buttons.")
            return
        }
        var message =
            "\"\(category)\" is not a registered category; iOS will show the notification without action buttons"
        if let near = KeySuggestion.suggestion(for: category, among: registered) {
            message += "; did you mean \"\(near)\"?"
        } else {
            message += "."
        }
        sink.emit(.categoryUnregistered, path(), at: node.span, message)
    }
}
