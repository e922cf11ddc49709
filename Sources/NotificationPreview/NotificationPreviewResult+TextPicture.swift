import NotificationKit

/// The plain-text picture of CONTRACT §2, for `pushboard preview`, `Accept: text/plain` and
/// the golden tests: one box per surface, the title row with the timestamp right-aligned,
/// every line exactly as computed, then the action buttons as `[Title]`.
extension NotificationPreviewResult {
    /// Narrowest box interior, in terminal columns.
    private static let minimumInnerWidth = 48

    /// The whole picture, one box per surface, then the notes.
    public func textPicture() -> String {
        var out = ""
        for preview in surfaces {
            out += box(for: preview)
        }
        for note in notes {
            out += "note: \(note.terminalSafe)\n"
        }
        return out
    }

    /// One row of a box: text on the left, an optional right-aligned part.
    private struct Row {
        var left: String
        var right = ""
    }

    /// The box of one surface.
    private func box(for preview: SurfacePreview) -> String {
        let rows = (preview.surface.isCompact ? compactRows(preview) : expandedRows(preview)).map(
            Self.printable)
        let rowsWidth = rows.reduce(Self.minimumInnerWidth) { widest, row in
            max(widest, row.left.terminalColumns + (row.right.isEmpty ? 0 : row.right.terminalColumns + 2))
        }
        var title = "── \(preview.surface.rawValue) · \(device.rawValue) · \(Self.points(preview.height)) pt"
        if let visible = preview.visibleHeight, preview.scrolls == true {
            title += ", visible \(Self.points(visible)) pt, scrolls"
        }
        if let scale = preview.scale { title += ", drawn at \(scale)×" }
        if hiddenPreviews { title += " · previews hidden" }
        title += " "
        let inner = max(rowsWidth, title.terminalColumns - 2)  // the caption keeps two dashes
        var out = title + String(repeating: "─", count: inner + 4 - title.terminalColumns) + "\n"
        for row in rows {
            let gap = inner - row.left.terminalColumns - row.right.terminalColumns
            out += "│ " + row.left + String(repeating: " ", count: max(0, gap)) + row.right + " │\n"
        }
        out += String(repeating: "─", count: inner + 4) + "\n"
        return out
    }

    /// Title with timestamp, then subtitle and body; the thumbnail marker at the right of the
    /// first line beside it.
    private func compactRows(_ preview: SurfacePreview) -> [Row] {
        var rows = preview.header.map { [Row(left: $0)] } ?? []
        rows.append(Row(left: preview.title.lines.first ?? "", right: preview.timestamp))
        // CarPlay's primary line may take two lines; other compact titles take one.
        rows += preview.title.lines.dropFirst().map { Row(left: $0) }
        let first = rows.count
        rows += (preview.subtitle.lines + preview.body.lines).map { Row(left: $0) }
        if let media = preview.media {
            let marker = "[\(media.kind)]"
            if rows.count > first {
                rows[first].right = marker
            } else {
                rows.append(Row(left: "", right: marker))
            }
        }
        return rows + actionRows(preview)
    }

    /// Header, media, title, subtitle, body (with the scroll fold), then the buttons.
    /// iOS 17–18 puts the media below the text and has no header row; the iOS 10–14 long look
    /// and the watch's Long Look start with the app name.
    private func expandedRows(_ preview: SurfacePreview) -> [Row] {
        var rows: [Row] = []
        var mediaRows: [Row] = []
        if let media = preview.media {
            var label = "[\(media.kind) \(Self.points(media.width))×\(Self.points(media.height)) pt"
            if media.aspectRatioAssumed { label += ", 2:1 assumed" }
            mediaRows.append(Row(left: label + "]"))
        }
        let legacy = preview.header != nil
        if let header = preview.header {
            rows.append(Row(left: header, right: preview.surface == .longLook ? "" : preview.timestamp))
            rows += mediaRows
            rows += (preview.title.lines + preview.subtitle.lines).map { Row(left: $0) }
        } else {
            rows.append(Row(left: preview.title.lines.first ?? "", right: preview.timestamp))
            rows += preview.subtitle.lines.map { Row(left: $0) }
        }
        for (index, line) in preview.body.lines.enumerated() {
            if preview.scrolls == true, index == preview.visibleBodyLines {
                let cap = Self.points(preview.visibleHeight ?? 0)
                rows.append(Row(left: "┄┄ \(cap) pt: the rest scrolls ┄┄"))
            }
            rows.append(Row(left: line))
        }
        if !legacy { rows += mediaRows }
        return rows + actionRows(preview)
    }

    /// The buttons as `[Title]` (the watch's Long Look ends with Dismiss), then what each does.
    private func actionRows(_ preview: SurfacePreview) -> [Row] {
        var titles = preview.actions.map(\.title)
        if preview.surface == .longLook { titles.append(PreviewEngine.watchDismissTitle) }
        guard !titles.isEmpty else { return [] }
        var rows = [Row(left: titles.map { "[\($0)]" }.joined(separator: " "))]
        for action in preview.actions {
            if let traits = Self.traits(of: action) { rows.append(Row(left: "  \(action.title): \(traits)")) }
        }
        return rows
    }

    /// The row safe and measurable on a terminal: a tab inside a line shown as a space, every
    /// other control and bidi override as a visible escape (`terminalSafe`), so no payload value
    /// can drive the terminal and every row keeps its width.
    private static func printable(_ row: Row) -> Row {
        func clean(_ text: String) -> String {
            text.replacingTabs.terminalSafe
        }
        return Row(left: clean(row.left), right: clean(row.right))
    }

    /// What a button does beyond a plain tap, for the legend under the buttons.
    private static func traits(of action: ActionPreview) -> String? {
        var traits: [String] = []
        if action.style == "destructive" { traits.append("destructive (red)") }
        if action.textInput {
            let placeholder = action.textInputPlaceholder ?? ""
            traits.append("text input \"\(placeholder)\" → [\(action.textInputButtonTitle ?? "")]")
        }
        if action.authenticationRequired { traits.append("requires unlock") }
        if action.foreground { traits.append("opens the app") }
        return traits.isEmpty ? nil : traits.joined(separator: ", ")
    }

    /// Points with one decimal ("102.5").
    private static func points(_ value: Double) -> String {
        String(value.rounded(toPlaces: 1))
    }
}

extension String {
    fileprivate var replacingTabs: String {
        String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
    }

    /// Columns a monospaced terminal uses: emoji and East Asian wide clusters take two,
    /// control characters none.
    var terminalColumns: Int {
        reduce(0) { total, character in
            guard let first = character.unicodeScalars.first, first.value >= 0x20 else { return total }
            return total + (character.isEmojiCluster || GlyphWidths.isWide(first) ? 2 : 1)
        }
    }
}
