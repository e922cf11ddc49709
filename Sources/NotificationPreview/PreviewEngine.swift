/// Computes notification previews: which lines each surface shows, where text is cut, how tall
/// the platter is, and which buttons appear (ios-rendering.md §7, CONTRACT §6).
public enum PreviewEngine {
    /// Lays `content` out on `device` for each of `surfaces` (all of the device's when empty;
    /// surfaces the device does not have are left out), with the user's "Show Previews"
    /// setting off when `hiddenPreviews` is true, as `version` of iOS draws it.
    public static func preview(
        _ content: PreviewContent,
        device: DeviceID,
        surfaces: [Surface],
        hiddenPreviews: Bool,
        version: PreviewVersion = .default
    ) -> NotificationPreviewResult {
        let profile = DeviceProfile.of(device)
        let resolved = ResolvedContent(content, hiddenPreviews: hiddenPreviews)
        var notes = resolved.notes
        let shown = surfaces.isEmpty ? profile.surfaces : surfaces.filter(profile.surfaces.contains)
        var previews: [SurfacePreview] = []
        previews.reserveCapacity(shown.count)
        for surface in shown {
            // The Lock Screen and Notification Center show the same text: laid out once.
            // A loop over the indices rather than `firstIndex(where:)`, whose closure would be
            // handed a copy of each surface.
            var shared: Int?
            for index in previews.indices where sharesCompactLayout(previews[index].surface, surface, profile)
            {
                shared = index
                break
            }
            if let shared {
                var same = previews[shared]
                same.surface = surface
                previews.append(same)
            } else {
                previews.append(layout(surface, resolved, profile, version: version, notes: &notes))
            }
        }
        return NotificationPreviewResult(
            device: device, deviceWidth: profile.width, hiddenPreviews: hiddenPreviews,
            surfaces: previews, notes: notes, version: version)
    }

    /// Whether `other` is laid out exactly as `surface` on `profile`, but for its name: both
    /// are plain compact surfaces (no header, no actions) with the same body line limit, which
    /// is all `compactSurface` reads of a surface.
    static func sharesCompactLayout(_ surface: Surface, _ other: Surface, _ profile: DeviceProfile) -> Bool {
        surface.isPlainCompact && other.isPlainCompact
            && profile.bodyLineLimit(on: surface) == profile.bodyLineLimit(on: other)
    }

    /// Lays out one surface of `profile`.
    static func layout(
        _ surface: Surface,
        _ content: ResolvedContent,
        _ profile: DeviceProfile,
        version: PreviewVersion,
        notes: inout [String]
    ) -> SurfacePreview {
        switch surface {
        case .carPlayBanner:
            return carPlaySurface(content, profile, notes: &notes)
        case .banner, .lockScreen, .notificationCenter, .shortLook:
            var preview = compactSurface(surface, content, profile)
            if surface == .shortLook { preview.header = content.content.appName }
            return preview
        case .longLook:
            return longLookSurface(content, profile, notes: &notes)
        case .expanded:
            return version == .ios10to14
                ? legacyExpandedSurface(content, profile, notes: &notes)
                : expandedSurface(content, profile, notes: &notes)
        }
    }
}

/// The text actually shown once hidden previews, localization keys and the app-name fallback
/// are applied (ios-rendering.md §7 step 1).
struct ResolvedContent {
    /// The title as the payload gives it (nil: none), after substitution.
    let title: PreviewText?
    /// The subtitle after substitution.
    let subtitle: PreviewText?
    /// The body after substitution.
    let body: PreviewText?
    /// The original content, for media, category and app name.
    let content: PreviewContent
    /// Whether previews are hidden.
    let hiddenPreviews: Bool
    /// Remarks for the person reading the preview.
    let notes: [String]
    /// The measured clusters of the fields, shared by every surface (and every device of a
    /// matrix).
    let cache = MeasureCache()
    /// Width of the timestamp text in its font, measured once for every compact surface.
    let timestampWidth: Double

    /// A wrapper setting text in `font` that shares this content's measurements.
    func wrapper(_ font: PreviewFont) -> LineWrapper {
        LineWrapper(font: font, cache: cache)
    }

    /// Applies the hidden-previews rules and collects notes.
    init(_ content: PreviewContent, hiddenPreviews: Bool) {
        self.content = content
        self.hiddenPreviews = hiddenPreviews
        timestampWidth =
            TabledWidths.of(.timestamp).width(ofASCII: content.timestamp)
            ?? PreviewFont.timestamp.width(of: content.timestamp)
        var notes: [String] = []
        let category = content.category.registeredCategory
        if hiddenPreviews {
            title = category?.hiddenPreviewsShowTitle == true ? content.title : .plain("Notification")
            subtitle = category?.hiddenPreviewsShowSubtitle == true ? content.subtitle : nil
            if let placeholder = category?.hiddenPreviewsBodyPlaceholder {
                let count = String(max(1, content.threadCount))
                body = .plain(placeholder.replacing("%u", with: count))
            } else {
                body = nil
            }
            notes.append(
                "Previews are hidden: the title is \"Notification\" unless the category has "
                    + "hiddenPreviewsShowTitle, and the body is the category's hiddenPreviewsBodyPlaceholder."
            )
        } else {
            title = content.title
            subtitle = content.subtitle
            body = content.body
        }
        // Three calls, not a loop over an array of (name, text) tuples: nothing is allocated
        // for a payload without localization keys.
        func noteKey(of name: String, _ text: PreviewText?) {
            guard let key = text?.localizationKey else { return }
            notes.append(
                "The \(name) comes from the app's strings file (key \(key)); the preview shows the "
                    + "key and its arguments, so the real text and its cut may differ.")
        }
        noteKey(of: "title", title)
        noteKey(of: "subtitle", subtitle)
        noteKey(of: "body", body)
        if case .unregistered(let identifier) = content.category {
            notes.append(Self.unregisteredNote(identifier))
        }
        self.notes = notes
    }

    /// The note for an unregistered category, made from its three pieces' bytes in one
    /// allocation (interpolation, and even appending to a reserved string, cost several times
    /// more, and every preview of such a payload makes it).
    static func unregisteredNote(_ identifier: String) -> String {
        let before: StaticString = "The category \""
        let after: StaticString = "\" is not registered, so iOS shows no action buttons."
        var identifier = identifier
        return identifier.withUTF8 { name in
            before.withUTF8Buffer { before in
                after.withUTF8Buffer { after in
                    String(unsafeUninitializedCapacity: before.count + name.count + after.count) { note in
                        // Each returns the index after what it initialized, in the whole buffer.
                        let named = note[note.initialize(fromContentsOf: before)...].initialize(
                            fromContentsOf: name)
                        return note[named...].initialize(fromContentsOf: after)
                    }
                }
            }
        }
    }

    /// The compact title: the payload's title, or the app name when it has none.
    var compactTitle: PreviewText {
        if let title, !title.displayText.isEmpty { return title }
        return .plain(content.appName)
    }

    /// Whether a thumbnail-capable attachment is shown (never with hidden previews).
    func showsMedia(on profile: DeviceProfile) -> Bool {
        !hiddenPreviews && profile.showsMedia && content.media != .none
    }
}

extension LineWrapper {
    /// Lays out an optional text field, keeping its localization key.
    func layout(_ text: PreviewText?, width: Double, lineLimit: Int?) -> FieldLayout {
        guard let text, !text.displayText.isEmpty else {
            guard let cache else {
                return FieldLayout(
                    FieldLayout.Fields(columnWidth: width, lineLimit: lineLimit, fontName: font.name))
            }
            return cache.emptyLayout(width: width, lineLimit: lineLimit, font: font)
        }
        var field = layout(text.displayText, width: width, lineLimit: lineLimit)
        // Set only when it differs: a layout from the cache is shared, and changing it makes a
        // new box.
        let key = text.localizationKey
        if field.localizationKey != key { field.localizationKey = key }
        return field
    }
}

extension Surface {
    /// The compact surfaces `compactSurface` lays out alone, with no header or actions added.
    fileprivate var isPlainCompact: Bool {
        switch self {
        case .banner, .lockScreen, .notificationCenter: true
        case .shortLook, .carPlayBanner, .longLook, .expanded: false
        }
    }
}
