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
        out.raw("{\"device\":{\"id\":")
        out.string(device.rawValue)
        out.member("width")
        out.number(deviceWidth, decimals: 0)
        out.member("name")
        out.string(DeviceProfile.name(of: device))
        out.raw("},\"ios\":")
        out.string(version.label)
        out.raw(",")
        report.write(to: &out)
        out.key("hiddenPreviews")
        out.bool(hiddenPreviews)
        out.member("surfaces")
        out.array(surfaces) { $0.surface($1) }
        out.member("notes")
        out.array(notes) { $0.string($1) }
        out.raw("}")
        return out.bytes()
    }
}

extension JSONText {
    /// Writes one surface object.
    fileprivate mutating func surface(_ preview: SurfacePreview) {
        raw("{\"surface\":")
        string(preview.surface.rawValue)
        member("title")
        field(preview.title)
        member("subtitle")
        field(preview.subtitle)
        member("body")
        field(preview.body)
        member("timestamp")
        string(preview.timestamp)
        if let header = preview.header {
            member("header")
            string(header)
        }
        member("media")
        if let media = preview.media { self.media(media) } else { raw("null") }
        member("actions")
        array(preview.actions) { $0.action($1) }
        member("height")
        number(preview.height)
        if let visible = preview.visibleHeight, let scrolls = preview.scrolls {
            member("visibleHeight")
            number(visible)
            member("scrolls")
            bool(scrolls)
        }
        if let lines = preview.visibleBodyLines {
            member("visibleBodyLines")
            number(lines)
        }
        if let scale = preview.scale {
            member("scale")
            number(scale, decimals: 2)
        }
        raw("}")
    }

    /// Writes a text field: its lines, whether and where it was cut, its column.
    private mutating func field(_ field: FieldLayout) {
        raw("{\"lines\":")
        array(field.lines) { $0.string($1) }
        member("truncated")
        bool(field.truncated)
        member("truncatedAt")
        if let cut = field.truncation {
            raw("{\"characters\":")
            number(cut.characters)
            member("utf8")
            number(cut.utf8)
            member("utf16")
            number(cut.utf16)
            raw("}")
        } else {
            raw("null")
        }
        member("columnWidth")
        number(field.columnWidth, decimals: 2)
        member("lineLimit")
        number(field.lineLimit)
        member("font")
        string(field.fontName)
        if let localizationKey = field.localizationKey {
            raw(",\"source\":\"strings\",\"localizationKey\":")
            string(localizationKey)
        }
        raw("}")
    }

    /// Writes a media placement.
    private mutating func media(_ media: MediaPlacement) {
        raw("{\"kind\":")
        string(media.kind)
        member("placement")
        string(media.placement.rawValue)
        member("width")
        number(media.width)
        member("height")
        number(media.height)
        member("aspectRatio")
        if let ratio = media.aspectRatio { number(ratio, decimals: 4) } else { raw("null") }
        member("aspectRatioAssumed")
        bool(media.aspectRatioAssumed)
        raw("}")
    }

    /// Writes an action button.
    private mutating func action(_ action: ActionPreview) {
        raw("{\"identifier\":")
        string(action.identifier)
        member("title")
        string(action.title)
        member("style")
        string(action.style)
        member("textInput")
        bool(action.textInput)
        if action.textInput {
            member("textInputPlaceholder")
            optionalString(action.textInputPlaceholder)
            member("textInputButtonTitle")
            optionalString(action.textInputButtonTitle)
        }
        member("authenticationRequired")
        bool(action.authenticationRequired)
        member("foreground")
        bool(action.foreground)
        member("icon")
        optionalString(action.iconName)
        raw("}")
    }
}
