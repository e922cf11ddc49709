import NotificationPreview
import Templates

/// The truncation matrix on the composer page: every device × surface with the lines each
/// field uses, whether it is cut and the last characters shown. It is the matrix the counters
/// read (`ComposerAnalysis.matrix`), which `POST /api/v1/preview?device=all` answers with for
/// the same payload and options, so the page, the counters and the API cannot disagree.
extension ComposerView {
    /// `matrix`: `{devices: [{rows: [{first, span, device, label, surface, surfaceTitle,
    /// cells: [{field, empty, used, truncated, lastShown}]}]}]}`, one entry per device in the
    /// Device menu's order, its surfaces in the order the device draws them.
    func matrixValue() -> TemplateValue {
        let matrix = analysis.matrix
        let devices: [TemplateValue] = matrix.devices.map { device in
            let rows = matrix.rows.filter { $0.device == device }
            let values: [TemplateValue] = rows.enumerated().map { index, row in
                [
                    "first": .bool(index == 0), "span": .int(rows.count), "device": .string(device.rawValue),
                    "label": .string(device.label), "selected": .bool(device == options.device),
                    "surface": .string(row.surface.rawValue), "surfaceTitle": .string(row.surface.title),
                    "cells": .list(PreviewMatrix.fields.map { Self.matrixCell(row.cell($0), field: $0) }),
                ]
            }
            return ["rows": .list(values)]
        }
        return ["devices": .list(devices)]
    }

    /// One cell: "1/1 lines" (or "3 lines" where the field has no limit), cut or not, and the
    /// last characters shown; `empty` when the field shows nothing there.
    static func matrixCell(_ cell: PreviewMatrix.Cell, field: String) -> TemplateValue {
        let used = cell.lineLimit.map { "\(cell.lines)/\($0)" } ?? "\(cell.lines)"
        return [
            "field": .string(field), "empty": .bool(cell.lines == 0),
            "used": .string("\(used) line\(cell.lines == 1 && cell.lineLimit == nil ? "" : "s")"),
            "truncated": .bool(cell.truncated), "lastShown": .string(cell.lastShown),
        ]
    }
}
