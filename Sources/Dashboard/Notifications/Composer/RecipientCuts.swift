import NotificationKit
import NotificationPreview
import Storage
import Templates

/// Issue 28, "the matrix shows the cut per recipient": the companion of "Where each device
/// cuts" for a template. One row per recipient (the example values, each saved sample, the
/// worst case), and per field the surfaces where it is cut, on which devices, and the last
/// characters shown there. Each row is laid out as the composer's matrix is (the workspace's
/// app name, Previews hidden, the iOS version), so the row of the recipient chosen in the
/// Recipient picker says what the matrix above it says.
struct RecipientCuts: Sendable {
    /// One field on one surface: the devices that cut it (narrowest first) and what the first
    /// of them shows last.
    struct Cut: Sendable, Equatable {
        var surface: Surface
        var devices: [DeviceID]
        /// The devices that show the field on that surface whole (narrowest first).
        var spared: [DeviceID]
        var lastShown: String

        /// The devices as a reader takes them in: "every device", "every device but …" when
        /// fewer devices are spared than cut (a long name cuts on eleven phones of thirteen),
        /// or the devices that cut.
        var devicesDescription: String {
            if spared.isEmpty { return "every device" }
            if spared.count < devices.count {
                return "every device but " + spared.map(\.label).joined(separator: ", ")
            }
            return devices.map(\.label).joined(separator: ", ")
        }
    }

    /// One recipient: its cuts per field, or why its values give no payload.
    struct Row: Sendable {
        var recipient: String
        var label: String
        /// Per field of `PreviewMatrix.fields`: nil when the field shows nowhere.
        var cuts: [[Cut]?]
        var fault: String?
    }

    /// How many saved samples get a row (the picker still offers every one).
    static let sampleLimit = 20

    let rows: [Row]
    /// The recipient the matrix above shows, "" for the tags as written.
    let shown: String
    /// Its label ("Tags as written" for "").
    let shownLabel: String

    init(
        _ template: ComposerTemplate, headers: [String: String], validator: Validator,
        settings: WorkspaceSettings, options: ComposerPreviewOptions
    ) {
        let limit = Self.sampleLimit
        let chosen = template.recipients.filter { Int($0).map { $0 < limit } ?? true }
        rows = chosen.compactMap { recipient -> Row? in
            guard let (bytes, fault) = template.rendered(recipient, validator: validator) else { return nil }
            let label = template.recipientLabel(recipient)
            guard fault == nil else { return Row(recipient: recipient, label: label, cuts: [], fault: fault) }
            let analysis = PayloadAnalysis(payload: bytes, headers: headers, validator: validator)
            let matrix = PreviewMatrix(
                settings.previewContent(of: analysis), hiddenPreviews: options.hiddenPreviews,
                version: options.version)
            return Row(
                recipient: recipient, label: label,
                cuts: PreviewMatrix.fields.map { Self.cuts(matrix, field: $0) },
                fault: nil)
        }
        shown = options.recipient.flatMap { chosen.contains($0) ? $0 : nil } ?? ""
        shownLabel = template.recipientLabel(shown)
    }

    /// The cuts of `field` per surface, in the order the matrix first shows each surface; nil
    /// when the field shows on no surface.
    static func cuts(_ matrix: PreviewMatrix, field: String) -> [Cut]? {
        var cuts: [Cut] = []
        var shownAnywhere = false
        var surfaces: [Surface] = []
        for row in matrix.rows where !surfaces.contains(row.surface) { surfaces.append(row.surface) }
        for surface in surfaces {
            let rows = matrix.rows.filter { $0.surface == surface && $0.cell(field).lines > 0 }
                .sorted { $0.platterWidth < $1.platterWidth }
            shownAnywhere = shownAnywhere || !rows.isEmpty
            let cut = rows.filter { $0.cell(field).truncated }
            guard let first = cut.first else { continue }
            cuts.append(
                Cut(
                    surface: surface, devices: cut.map(\.device),
                    spared: rows.filter { !$0.cell(field).truncated }.map(\.device),
                    lastShown: first.cell(field).lastShown))
        }
        return shownAnywhere ? cuts : nil
    }

    /// `recipientCuts`: `{shownLabel, rows: [{recipient, label, selected, failed, fault,
    /// cells: [{field, empty, cut, cuts: [{surface, devices, lastShown}]}]}]}`.
    func value() -> TemplateValue {
        let rows: [TemplateValue] = rows.map { row in
            let cells: [TemplateValue] = zip(PreviewMatrix.fields, row.cuts).map { field, cuts in
                let described: [TemplateValue] = (cuts ?? []).map { cut in
                    [
                        "surface": .string(cut.surface.title), "devices": .string(cut.devicesDescription),
                        "lastShown": .string(cut.lastShown),
                    ]
                }
                return [
                    "field": .string(field), "empty": .bool(cuts == nil), "cut": .bool(!described.isEmpty),
                    "cuts": .list(described),
                ]
            }
            return [
                "recipient": .string(row.recipient), "label": .string(row.label),
                "selected": .bool(row.recipient == shown), "failed": .bool(row.fault != nil),
                "fault": .string(row.fault ?? ""), "cells": .list(cells),
            ]
        }
        return ["shownLabel": .string(shownLabel), "rows": .list(rows)]
    }
}
