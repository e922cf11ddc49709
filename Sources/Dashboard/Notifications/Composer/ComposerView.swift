import NotificationKit
import NotificationPreview
import Storage
import Templates

/// The composer page's view model: the form, its previews, report, export and history as the
/// values `templates/notifications/composer.html` and its region partials expect.
struct ComposerView {
    /// A message shown above the page.
    struct Flash {
        /// `error`, `warning`, `info` or `success` (the layout's message classes).
        var kind: String
        /// The text, escaped when shown.
        var text: String
    }

    /// The saved notification the page edits; nil for a new one.
    var notification: StoredNotification?
    /// The revision the form was opened at (the hidden field); nil for a new notification.
    var revision: Int?
    /// The form as shown.
    var fields: ComposerFields
    /// What the form's payload is.
    var analysis: ComposerAnalysis
    /// What each field shows under it.
    var notes: ComposerFieldNotes
    /// The category registry, for the datalist and the hint.
    var registry: CategoryConfig
    /// The device picker.
    var options: ComposerPreviewOptions
    /// The Export section's bundle ID, device token and environment, shown as posted.
    var exportOptions: ComposerExportOptions
    /// The page of saved revisions shown, newest first (nil for a new notification).
    var revisions: RevisionPage<NotificationRevision>?
    /// Which page of the revisions: `?limit=` and `?offset=` of the composer's address.
    var revisionWindow = ListWindow()
    /// Messages above the page.
    var flash: [Flash] = []
    /// The app's Live Activity types, for the Live Activity form and frame.
    var activityTypes = ActivityTypeSet()
    /// The activity type chosen in the form (`la-type`), for an update that names none.
    var liveActivityChoice: String?
    /// Whether the form shows edits that are not saved (the "Unsaved changes" marker).
    var unsaved = false
    /// How long the server reuses a media check: media-check.js checks again quietly after it.
    var mediaReuseSeconds: Double?
    /// The language variants in the form and the tab shown (issue 27).
    var variants = ComposerVariants()
    /// The form's own payload when a variant's tab is shown (`analysis` is the variant's then).
    var base: ComposedPayload?
    /// Each variant's state and the language matrix.
    var overview = VariantOverview()
    /// The catalog keys the "Localized" fields offer, with their development-language text.
    var locKeyOptions: [(key: String, label: String)] = []
    /// The payload read as a template with the saved declarations (issue 28), nil without tags.
    var template: ComposerTemplate?
    /// Where each recipient of the template is cut (issue 28), nil without a usable template.
    var recipientCuts: RecipientCuts?

    /// The path the form posts to, and the prefix of its export endpoints.
    var action: String {
        notification.map { "/notifications/\($0.id)" } ?? "/notifications/new"
    }

    /// Every value of the page.
    func values() -> [String: TemplateValue] {
        var values = regionValues()
        values["heading"] = .string(notification?.name ?? "New notification")
        values["isNew"] = .bool(notification == nil)
        values["unsaved"] = .bool(unsaved)
        values["mediaReuseSeconds"] = .string(mediaReuseSeconds.map { String(format: "%g", $0) } ?? "")
        values["revision"] = .string(revision.map(String.init) ?? "")
        values["renderedRaw"] = .string(fields[.renderedRaw])
        values["templateWorst"] = .string(template?.summary ?? "")
        values["hasTemplateWorst"] = .bool(template?.summary != nil)
        values["templateWorstOver"] = .bool(template?.over ?? false)
        values["hasRecipients"] = .bool(template?.template != nil)
        values["recipients"] = .list(
            (template?.recipientOptions(selected: options.recipient) ?? []).map { option in
                [
                    "value": .string(option["value"] ?? ""), "label": .string(option["label"] ?? ""),
                    "selected": .bool(option["selected"] == "yes"),
                ]
            })
        values["groups"] = groupsValue()
        values["devices"] = devicesValue()
        values["hasLanguages"] = .bool(!analysis.languages.isEmpty)
        values["languages"] = .list(
            analysis.languages.enumerated().map { index, language in
                [
                    "value": .string(language),
                    "label": .string(index == 0 ? "\(language) (development)" : language),
                    "selected": .bool(language == analysis.language),
                ]
            })
        values["hiddenPreviews"] = .bool(options.hiddenPreviews)
        values["previewDark"] = .bool(options.dark)
        values["compare"] = .list(
            zip(ComposerPreviewOptions.compareFields, options.compared).enumerated().map { index, pair in
                [
                    "name": .string(pair.0), "label": .string("Side by side \(index + 1)"),
                    "options": .list(
                        DeviceID.allCases.map { device in
                            [
                                "value": .string(device.rawValue), "label": .string(device.label),
                                "selected": .bool(device == pair.1),
                            ]
                        }),
                ]
            })
        values["versions"] = .list(
            PreviewVersion.allCases.map { version in
                [
                    "value": .string(version.rawValue), "label": .string("iOS \(version.displayName)"),
                    "selected": .bool(version == options.version),
                ]
            })
        values["categories"] = .list(registry.identifiers.map(TemplateValue.string))
        values["revisions"] = .list(
            (revisions?.withPrevious ?? []).map { revisionValue($0.revision, previous: $0.previous) })
        if let revisions, let id = notification?.id {
            values["revisionPages"] = .object(
                revisionWindow.paginationValues(shown: revisions.revisions.count, total: revisions.total) {
                    revisionWindow.address("/notifications/\(id)", offset: $0) + "#history-title"
                })
        }
        values["flash"] = .list(flash.map { ["kind": .string($0.kind), "text": .string($0.text)] })
        values["liveActivity"] = liveActivityFormValue() ?? .bool(false)
        values["variants"] = variantsValue()
        values["locKeys"] = locKeysValue()
        if let notification {
            values["saved"] = [
                "id": .string(notification.id), "revision": .int(notification.revision),
                "updatedAt": .string(Timestamp.readable(notification.updatedAt)),
                "updatedBy": .string(notification.updatedBy),
            ]
        }
        return values
    }

    /// The values the live regions (previews, validation, export status) need; the live
    /// endpoint renders the region partials with exactly these.
    func regionValues() -> [String: TemplateValue] {
        [
            "action": .string(action),
            "preview": Self.previewValue(
                analysis.preview, dark: options.dark, mediaSource: analysis.media.imagePath,
                mediaNote: mediaNote),
            "mediaCheck": analysis.media.templateValue,
            // The side-by-side platters draw the same checked image as the main preview.
            "sideBySide": .list(
                analysis.sideBySide.map {
                    [
                        "preview": Self.previewValue(
                            $0, dark: options.dark, mediaSource: analysis.media.imagePath,
                            mediaNote: mediaNote)
                    ]
                }),
            "report": Self.reportValue(analysis, notes: notes),
            "export": exportValue(),
            "liveActivityPreview": liveActivityPreviewValue() ?? .bool(false),
            "matrix": matrixValue(),
            "recipientCuts": recipientCuts?.value() ?? .bool(false),
            "appIconURL": .string(analysis.appIconURL ?? ""),
            "notDelivered": .string(analysis.report.apnsRefusal?.sentence ?? ""),
            "textPicture": .string(analysis.report.pictureHeading + "\n" + analysis.preview.textPicture()),
            "variantStatus": variantStatusValue(),
            "languageMatrix": languageMatrixValue(),
        ]
    }

    /// The label of media drawn without its file: the host could not be reached from here.
    private var mediaNote: String? {
        analysis.media.unfetched ? "not fetched from this server" : nil
    }

    /// `export`: whether downloads are offered, and the curl command.
    private func exportValue() -> TemplateValue {
        var problem = ""
        if !analysis.exportable {
            problem = "Downloads need a valid payload: fix the errors under Validation first."
        } else if let curlProblem = analysis.curlProblem {
            problem = curlProblem
        }
        return [
            "exportable": .bool(analysis.exportable), "curl": .string(analysis.curl ?? ""),
            "problem": .string(problem), "bundle": .string(exportOptions.bundle ?? ""),
            "deviceToken": .string(exportOptions.deviceToken ?? ""),
            "sandbox": .bool(exportOptions.environment == .sandbox),
            "production": .bool(exportOptions.environment == .production),
        ]
    }

    /// One row of the history: who, when, and which fields changed from the revision before.
    private func revisionValue(_ revision: NotificationRevision, previous: NotificationRevision?)
        -> TemplateValue
    {
        let diff = RevisionChanges(from: previous, to: revision)
        var changed = diff.changes.map(\.label).joined(separator: ", ")
        if previous == nil {
            changed = "created"
        } else if diff.onlyFormatting {
            changed = "Raw JSON only (formatting, or members without a field)"
        } else if changed.isEmpty {
            changed = "nothing (saved unchanged)"
        }
        return [
            "revision": .int(revision.revision), "name": .string(revision.name),
            "when": .string(Timestamp.readable(revision.changedAt)), "by": .string(revision.changedBy),
            "current": .bool(revision.revision == notification?.revision), "changed": .string(changed),
        ]
    }

    /// Whether `composed` differs from `stored` (for a new notification: from an empty form).
    static func isUnsaved(_ composed: ComposedPayload, comparedWith stored: StoredNotification?) -> Bool {
        guard let stored else {
            return ComposerField.allCases.contains { field in
                field != .pushType && field != .rawJSON && field != .renderedRaw
                    && !composed.fields[field].isEmpty
            }
        }
        return composed.checkedText != stored.payload || composed.fields[.name] != stored.name
            || composed.fields.headersText != stored.headers
    }
}
