/// The matrix as JSON (the API's `device=all`) and as a table (`--format table`).
extension PreviewMatrix {
    /// The matrix as JSON; `report` is an already-serialised report placed under `"report"`.
    public func json(report: String? = nil) -> String {
        var out = JSONText()
        out.raw("{")
        out.key("ios")
        out.string(version.label)
        out.raw(",")
        if let report {
            out.key("report")
            out.raw(report)
            out.raw(",")
        }
        out.key("rows")
        out.array(rows) { out, row in
            out.raw("{")
            out.key("device")
            out.string(row.device.rawValue)
            out.raw(",")
            out.key("deviceName")
            out.string(row.device.label)
            out.raw(",")
            out.key("surface")
            out.string(row.surface.rawValue)
            for field in Self.fields {
                out.raw(",")
                out.key(field)
                out.cell(row.cell(field))
            }
            out.raw("}")
        }
        out.raw("}")
        return out.text
    }

    /// One line per device × surface: lines used of the limit, "cut" and the last characters
    /// shown, aligned in columns for a terminal.
    public func table() -> String {
        var lines = [["device", "surface"] + Self.fields]
        for row in rows {
            lines.append(
                [row.device.rawValue, row.surface.rawValue] + Self.fields.map { Self.describe(row.cell($0)) })
        }
        let widths = (0..<lines[0].count).map { column in
            lines.map { $0[column].terminalColumns }.max() ?? 0
        }
        var out = "iOS \(version.label)\n"
        for line in lines {
            let padded = line.enumerated().map { column, text in
                column == line.count - 1
                    ? text : text + String(repeating: " ", count: widths[column] - text.terminalColumns)
            }
            out += padded.joined(separator: "  ") + "\n"
        }
        return out
    }

    /// "2/4", "1/1 cut after “Děti byly”", "5" (unlimited) or "–" (empty).
    private static func describe(_ cell: Cell) -> String {
        guard cell.lines > 0 else { return "–" }
        let used = cell.lineLimit.map { "\(cell.lines)/\($0)" } ?? "\(cell.lines)"
        let tail = String(cell.lastShown.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return cell.truncated ? "\(used) cut after “\(tail)”" : used
    }
}

extension JSONText {
    /// Writes one matrix cell.
    fileprivate mutating func cell(_ cell: PreviewMatrix.Cell) {
        raw("{")
        key("lines")
        number(cell.lines)
        raw(",")
        key("lineLimit")
        if let limit = cell.lineLimit { number(limit) } else { raw("null") }
        raw(",")
        key("truncated")
        bool(cell.truncated)
        raw(",")
        key("visibleCharacters")
        number(cell.visibleCharacters)
        raw(",")
        key("lastShown")
        string(cell.lastShown)
        raw("}")
    }
}
