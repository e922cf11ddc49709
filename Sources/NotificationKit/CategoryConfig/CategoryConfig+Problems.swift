import JSON

/// What is wrong with a config as iOS would register it, whether it was read from a file or
/// built from a form.
extension CategoryConfig {
    /// Most actions iOS shows for one notification, "when the system has unlimited space".
    public static let maximumVisibleActions = 10

    /// Every problem of the config: duplicate and case-colliding identifiers across categories,
    /// action identifiers shared between categories, then each category's own problems.
    public func problems() -> [Diagnostic] {
        var sink = CategoryDiagnostics()
        // Keys are UTF-8 bytes: iOS compares identifiers literally, so NFC and NFD spellings are
        // different identifiers, although Swift's String equality calls them equal.
        var firstByIdentifier: [[UInt8]: Int] = [:]
        var firstByFolded: [[UInt8]: Int] = [:]
        var firstByCanonical: [String: Int] = [:]
        var actionOwners: [[UInt8]: String] = [:]
        let categoriesPath = JSONPath.appending(key: "categories", to: JSONPath.root)
        for (position, category) in categories.enumerated() {
            let path = JSONPath.appending(index: position, to: categoriesPath)
            let identifierPath = JSONPath.appending(key: "identifier", to: path)
            let span = category.location.span
            let bytes = Array(category.identifier.utf8)
            let folded = category.identifier.lowercased()
            let quoted = JSONWriter.quoted(category.identifier)
            if let first = firstByIdentifier[bytes] {
                sink.emit(
                    .duplicateIdentifier, identifierPath, at: span,
                    "Category \(quoted) is already defined at categories[\(first)]; iOS keeps only one of them."
                )
            } else if let first = firstByFolded[Array(folded.utf8)] {
                sink.emit(
                    .caseCollision, identifierPath, at: span,
                    "Category \(quoted) differs only in case from "
                        + "\(JSONWriter.quoted(categories[first].identifier)); identifiers are case-sensitive, "
                        + "so payloads easily name the wrong one.")
            } else if let first = firstByCanonical[folded] {
                sink.emit(
                    .normalizationCollision, identifierPath, at: span,
                    "Category \(quoted) looks like \(JSONWriter.quoted(categories[first].identifier)) but is "
                        + "written with other Unicode code points (NFC versus NFD); iOS compares identifiers "
                        + "byte for byte, so payloads easily name the wrong one.")
            }
            firstByIdentifier[bytes] = firstByIdentifier[bytes] ?? position
            firstByFolded[Array(folded.utf8)] = firstByFolded[Array(folded.utf8)] ?? position
            firstByCanonical[folded] = firstByCanonical[folded] ?? position
            var seenHere: Set<[UInt8]> = []
            for (index, action) in category.actions.enumerated() where !action.identifier.isEmpty {
                let actionBytes = Array(action.identifier.utf8)
                guard seenHere.insert(actionBytes).inserted else { continue }
                if let owner = actionOwners[actionBytes], !owner.utf8.elementsEqual(bytes) {
                    let actionPath = JSONPath.appending(
                        index: index, to: JSONPath.appending(key: "actions", to: path))
                    sink.emit(
                        .sharedActionIdentifier, JSONPath.appending(key: "identifier", to: actionPath),
                        at: action.location.span,
                        "Action \(JSONWriter.quoted(action.identifier)) is also in category "
                            + "\(JSONWriter.quoted(owner)); one delegate method receives both, so Apple asks for "
                            + "identifiers unique across the app.")
                } else {
                    actionOwners[actionBytes] = category.identifier
                }
            }
        }
        var result = sink.list + limitProblems(at: categoriesPath)
        for (position, category) in categories.enumerated() {
            result += category.problems(at: JSONPath.appending(index: position, to: categoriesPath))
        }
        return result
    }
}

extension NotificationCategory {
    /// The problems of this category alone, with paths under `path`.
    public func problems(at path: String) -> [Diagnostic] {
        var sink = CategoryDiagnostics()
        let span = location.span
        if identifier.isEmpty {
            sink.emit(
                .emptyIdentifier, JSONPath.appending(key: "identifier", to: path), at: span,
                "The category identifier is empty; no payload can name it.")
        }
        Self.checkControlCharacters(
            identifier, at: JSONPath.appending(key: "identifier", to: path), span, &sink)
        limitProblems(at: path, into: &sink)
        let actionsPath = JSONPath.appending(key: "actions", to: path)
        if actions.count > CategoryConfig.maximumVisibleActions {
            sink.emit(
                .tooManyActions, actionsPath, at: span,
                "The category has \(actions.count) actions; iOS shows at most \(CategoryConfig.maximumVisibleActions), "
                    + "so the last \(actions.count - CategoryConfig.maximumVisibleActions) are never shown.")
        }
        var firstIndex: [[UInt8]: Int] = [:]
        for (index, action) in actions.enumerated() {
            let actionPath = JSONPath.appending(index: index, to: actionsPath)
            let actionSpan = action.location.span
            if action.identifier.isEmpty {
                sink.emit(
                    .emptyIdentifier, JSONPath.appending(key: "identifier", to: actionPath), at: actionSpan,
                    "The action identifier is empty; the app cannot tell which button was tapped.")
            } else if let first = firstIndex[Array(action.identifier.utf8)] {
                sink.emit(
                    .duplicateAction, JSONPath.appending(key: "identifier", to: actionPath), at: actionSpan,
                    "Action \(JSONWriter.quoted(action.identifier)) is already actions[\(first)] of this category."
                )
            } else {
                firstIndex[Array(action.identifier.utf8)] = index
            }
            Self.checkControlCharacters(
                action.identifier, at: JSONPath.appending(key: "identifier", to: actionPath), actionSpan,
                &sink)
            if action.title.allSatisfy(\.isWhitespace) {
                sink.emit(
                    .emptyTitle, JSONPath.appending(key: "title", to: actionPath), at: actionSpan,
                    "The action title is empty; iOS would show a blank button.")
            }
            guard let textInput = action.textInput else { continue }
            if (textInput.buttonTitle ?? "").allSatisfy(\.isWhitespace) {
                sink.emit(
                    .textInputButtonTitle,
                    JSONPath.appending(
                        key: "buttonTitle", to: JSONPath.appending(key: "textInput", to: actionPath)),
                    at: actionSpan,
                    "A text-input action needs a button title (textInputButtonTitle) to send the text.")
            }
            if options.contains(.allowInCarPlay) {
                sink.emit(
                    .textInputInCarPlay, actionPath, at: actionSpan,
                    "\(JSONWriter.quoted(action.identifier)) takes text input, which CarPlay never shows; "
                        + "drivers see the category without it.")
            }
        }
        checkCount(
            hiddenPreviewsBodyPlaceholder, field: "hiddenPreviewsBodyPlaceholder", at: path, into: &sink)
        checkCount(categorySummaryFormat, field: "categorySummaryFormat", at: path, into: &sink)
        return sink.list
    }

    /// Warns when a placeholder or summary format has no `%u` for the notification count.
    private func checkCount(
        _ text: String?, field: String, at path: String, into sink: inout CategoryDiagnostics
    ) {
        guard let text, !text.contains("%u"), !text.contains("%1$u") else { return }
        var message = "\(field) has no %u, so it cannot say how many notifications there are."
        if text.contains("%d") || text.contains("%i") || text.contains("%@") {
            message += " iOS passes the count as an unsigned integer: write %u."
        }
        sink.emit(.countPlaceholder, JSONPath.appending(key: field, to: path), at: location.span, message)
    }

    /// `categories.control-character` for an identifier holding C0 controls or DEL.
    private static func checkControlCharacters(
        _ identifier: String, at path: String, _ span: JSONSpan?, _ sink: inout CategoryDiagnostics
    ) {
        guard identifier.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return
        }
        sink.emit(
            .controlCharacter, path, at: span,
            "The identifier \(JSONWriter.quoted(identifier)) contains a control character; use letters, digits and punctuation."
        )
    }
}
