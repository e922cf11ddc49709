import NotificationKit

/// The preview document of CONTRACT §6.
extension NotificationPreviewResult {
    /// The preview as JSON. `report` is the already-serialised validation report (CONTRACT
    /// §4) placed under `"report"`; nil leaves the member out.
    public func json(report: String? = nil) -> String {
        String(decoding: document(report.map(EmbeddedReport.text) ?? .none), as: UTF8.self)
    }

    /// The preview as the UTF-8 bytes of a response body, with `report` written in place under
    /// `"report"` (nil leaves the member out): one buffer, no intermediate text. The same
    /// bytes as `json(report: report?.json())`.
    public func jsonBytes(report: ValidationReport?) -> [UInt8] {
        document(report.map(EmbeddedReport.report) ?? .none)
    }

    /// Writes the whole document.
    private func document(_ report: EmbeddedReport) -> [UInt8] {
        var out = JSONText(capacity: 1024 + 1024 * surfaces.count)
        out.raw(#"{"device":{"id":"#)
        // Names this module defines, which a test holds to needing no escape.
        out.verbatimString(device.rawValue)
        out.raw(#","width":"#)
        out.number(deviceWidth, decimals: 0)
        out.raw(#","name":"#)
        out.verbatimString(DeviceProfile.name(of: device))
        out.raw(#"},"ios":"#)
        out.verbatimString(version.label)
        out.raw(",")
        report.write(to: &out)
        out.raw(#""hiddenPreviews":"#)
        out.bool(hiddenPreviews)
        out.raw(#","surfaces":"#)
        // A loop over the indices, not `array(_:_:)`: its closure would be handed a copy of
        // each surface, and a surface holds a dozen references.
        var fields = WrittenFields(capacity: 3 * surfaces.count)
        out.raw("[")
        for index in surfaces.indices {
            if index > 0 { out.raw(",") }
            out.surface(surfaces[index], fields: &fields)
        }
        out.raw("]")
        out.raw(#","notes":"#)
        out.array(notes) { $0.string($1) }
        out.raw("}")
        return out.bytes()
    }
}

extension JSONText {
    /// Writes one surface object.
    fileprivate mutating func surface(_ preview: SurfacePreview, fields: inout WrittenFields) {
        raw(#"{"surface":"#)
        verbatimString(preview.surface.rawValue)
        raw(#","title":"#)
        field(preview.title, written: &fields)
        raw(#","subtitle":"#)
        field(preview.subtitle, written: &fields)
        raw(#","body":"#)
        field(preview.body, written: &fields)
        raw(#","timestamp":"#)
        string(preview.timestamp)
        if let header = preview.header {
            raw(#","header":"#)
            string(header)
        }
        raw(#","media":"#)
        if let media = preview.media { self.media(media) } else { raw("null") }
        raw(#","actions":"#)
        array(preview.actions) { $0.action($1) }
        raw(#","height":"#)
        number(preview.height)
        if let visible = preview.visibleHeight, let scrolls = preview.scrolls {
            raw(#","visibleHeight":"#)
            number(visible)
            raw(#","scrolls":"#)
            bool(scrolls)
        }
        if let lines = preview.visibleBodyLines {
            raw(#","visibleBodyLines":"#)
            number(lines)
        }
        if let scale = preview.scale {
            raw(#","scale":"#)
            number(scale, decimals: 2)
        }
        raw("}")
    }

    /// Writes a text field, or copies its bytes when an equal field was written before.
    private mutating func field(_ field: FieldLayout, written: inout WrittenFields) {
        if let range = written.range(of: field) { return repeating(range) }
        let start = position
        self.field(field)
        written.append(field, at: start..<position)
    }

    /// Writes a text field: its lines, whether and where it was cut, its column.
    private mutating func field(_ field: FieldLayout) {
        raw(#"{"lines":["#)
        let verbatim = field.linesNeedNoEscape
        field.withLineBytes { bytes, spans in
            for index in spans.indices {
                if index > 0 { raw(",") }
                let span = spans[index]
                line(
                    UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), ellipsis: span.ellipsis,
                    verbatim: verbatim)
            }
        }
        raw("]")
        raw(#","truncated":"#)
        bool(field.truncated)
        raw(#","truncatedAt":"#)
        if let cut = field.truncation {
            raw(#"{"characters":"#)
            number(cut.characters)
            raw(#","utf8":"#)
            number(cut.utf8)
            raw(#","utf16":"#)
            number(cut.utf16)
            raw("}")
        } else {
            raw("null")
        }
        raw(#","columnWidth":"#)
        number(field.columnWidth, decimals: 2)
        raw(#","lineLimit":"#)
        number(field.lineLimit)
        raw(#","font":"#)
        string(field.fontName)
        if let localizationKey = field.localizationKey {
            raw(#","source":"strings","localizationKey":"#)
            string(localizationKey)
        }
        raw("}")
    }

    /// Writes a media placement.
    private mutating func media(_ media: MediaPlacement) {
        raw(#"{"kind":"#)
        string(media.kind)
        raw(#","placement":"#)
        string(media.placement.rawValue)
        raw(#","width":"#)
        number(media.width)
        raw(#","height":"#)
        number(media.height)
        raw(#","aspectRatio":"#)
        if let ratio = media.aspectRatio { number(ratio, decimals: 4) } else { raw("null") }
        raw(#","aspectRatioAssumed":"#)
        bool(media.aspectRatioAssumed)
        raw("}")
    }

    /// Writes an action button.
    private mutating func action(_ action: ActionPreview) {
        raw(#"{"identifier":"#)
        string(action.identifier)
        raw(#","title":"#)
        string(action.title)
        raw(#","style":"#)
        string(action.style)
        raw(#","textInput":"#)
        bool(action.textInput)
        if action.textInput {
            raw(#","textInputPlaceholder":"#)
            optionalString(action.textInputPlaceholder)
            raw(#","textInputButtonTitle":"#)
            optionalString(action.textInputButtonTitle)
        }
        raw(#","authenticationRequired":"#)
        bool(action.authenticationRequired)
        raw(#","foreground":"#)
        bool(action.foreground)
        raw(#","icon":"#)
        optionalString(action.iconName)
        raw("}")
    }
}

/// The text fields a document has written and where their bytes are. The surfaces of one
/// preview share most fields (every compact surface shows the one title layout, and the Lock
/// Screen and Notification Center the same body), so each distinct field is written once and
/// copied after. Equal fields write equal bytes, so the document does not change; a copy
/// handed out by the layout cache shares its values' box, so comparing it is one check.
private struct WrittenFields {
    /// One field written and where.
    private struct Written {
        let field: FieldLayout
        let range: Range<Int>
    }

    private var written: [Written] = []

    /// Room for `capacity` distinct fields, so recording them never grows the list.
    init(capacity: Int) {
        written.reserveCapacity(capacity)
    }

    /// Where a field equal to `field` was written, if one was.
    func range(of field: FieldLayout) -> Range<Int>? {
        for index in written.indices where written[index].field == field { return written[index].range }
        return nil
    }

    /// Records that `field` was written at `range`.
    mutating func append(_ field: FieldLayout, at range: Range<Int>) {
        written.append(Written(field: field, range: range))
    }
}
