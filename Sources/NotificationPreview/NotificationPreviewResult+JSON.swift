/// The preview document of CONTRACT §6.
extension NotificationPreviewResult {
    /// The preview as JSON. `report` is the already-serialised validation report (CONTRACT
    /// §4) placed under `"report"`; nil leaves the member out.
    public func json(report: String? = nil) -> String {
        var out = JSONText()
        out.raw("{")
        out.key("device")
        out.raw("{")
        out.key("id")
        out.string(device.rawValue)
        out.raw(",")
        out.key("width")
        out.number(deviceWidth, decimals: 0)
        out.raw(",")
        out.key("name")
        out.string(DeviceProfile(device).name)
        out.raw("},")
        out.key("ios")
        out.string(version.label)
        out.raw(",")
        if let report {
            out.key("report")
            out.raw(report)
            out.raw(",")
        }
        out.key("hiddenPreviews")
        out.bool(hiddenPreviews)
        out.raw(",")
        out.key("surfaces")
        out.array(surfaces) { $0.surface($1) }
        out.raw(",")
        out.key("notes")
        out.array(notes) { $0.string($1) }
        out.raw("}")
        return out.text
    }
}

extension JSONText {
    /// Writes one surface object.
    fileprivate mutating func surface(_ preview: SurfacePreview) {
        raw("{")
        key("surface")
        string(preview.surface.rawValue)
        for (name, field) in [
            ("title", preview.title), ("subtitle", preview.subtitle), ("body", preview.body),
        ] {
            raw(",")
            key(name)
            self.field(field)
        }
        raw(",")
        key("timestamp")
        string(preview.timestamp)
        if let header = preview.header {
            raw(",")
            key("header")
            string(header)
        }
        raw(",")
        key("media")
        if let media = preview.media { self.media(media) } else { raw("null") }
        raw(",")
        key("actions")
        array(preview.actions) { $0.action($1) }
        raw(",")
        key("height")
        number(preview.height)
        if let visible = preview.visibleHeight, let scrolls = preview.scrolls {
            raw(",")
            key("visibleHeight")
            number(visible)
            raw(",")
            key("scrolls")
            bool(scrolls)
        }
        if let lines = preview.visibleBodyLines {
            raw(",")
            key("visibleBodyLines")
            number(lines)
        }
        if let scale = preview.scale {
            raw(",")
            key("scale")
            number(scale, decimals: 2)
        }
        raw("}")
    }

    /// Writes a text field: its lines, whether and where it was cut, its column.
    private mutating func field(_ field: FieldLayout) {
        raw("{")
        key("lines")
        array(field.lines) { $0.string($1) }
        raw(",")
        key("truncated")
        bool(field.truncated)
        raw(",")
        key("truncatedAt")
        if let cut = field.truncation {
            raw("{")
            key("characters")
            number(cut.characters)
            raw(",")
            key("utf8")
            number(cut.utf8)
            raw(",")
            key("utf16")
            number(cut.utf16)
            raw("}")
        } else {
            raw("null")
        }
        raw(",")
        key("columnWidth")
        number(field.columnWidth, decimals: 2)
        raw(",")
        key("lineLimit")
        if let limit = field.lineLimit { number(limit) } else { raw("null") }
        raw(",")
        key("font")
        string(field.fontName)
        if let localizationKey = field.localizationKey {
            raw(",")
            key("source")
            string("strings")
            raw(",")
            key("localizationKey")
            string(localizationKey)
        }
        raw("}")
    }

    /// Writes a media placement.
    private mutating func media(_ media: MediaPlacement) {
        raw("{")
        key("kind")
        string(media.kind)
        raw(",")
        key("placement")
        string(media.placement.rawValue)
        raw(",")
        key("width")
        number(media.width)
        raw(",")
        key("height")
        number(media.height)
        raw(",")
        key("aspectRatio")
        if let ratio = media.aspectRatio { number(ratio, decimals: 4) } else { raw("null") }
        raw(",")
        key("aspectRatioAssumed")
        bool(media.aspectRatioAssumed)
        raw("}")
    }

    /// Writes an action button.
    private mutating func action(_ action: ActionPreview) {
        raw("{")
        key("identifier")
        string(action.identifier)
        raw(",")
        key("title")
        string(action.title)
        raw(",")
        key("style")
        string(action.style)
        raw(",")
        key("textInput")
        bool(action.textInput)
        if action.textInput {
            raw(",")
            key("textInputPlaceholder")
            optionalString(action.textInputPlaceholder)
            raw(",")
            key("textInputButtonTitle")
            optionalString(action.textInputButtonTitle)
        }
        raw(",")
        key("authenticationRequired")
        bool(action.authenticationRequired)
        raw(",")
        key("foreground")
        bool(action.foreground)
        raw(",")
        key("icon")
        optionalString(action.iconName)
        raw("}")
    }
}
