import NotificationKit

/// The matrix as JSON (the API's `device=all`) and as a table (`--format table`).
extension PreviewMatrix {
    /// The matrix as JSON; `report` is an already-serialised report placed under `"report"`.
    public func json(report: String? = nil) -> String {
        String(decoding: document(report.map(EmbeddedReport.text) ?? .none), as: UTF8.self)
    }

    /// The matrix as the UTF-8 bytes of a response body, with `report` written in place under
    /// `"report"` (nil leaves the member out). The same bytes as `json(report: report?.json())`.
    public func jsonBytes(report: ValidationReport?) -> [UInt8] {
        document(report.map(EmbeddedReport.report) ?? .none)
    }

    /// Writes the whole document.
    private func document(_ report: EmbeddedReport) -> [UInt8] {
        var out = JSONText(capacity: 1024 + 512 * rows.count)
        out.raw(#"{"ios":"#)
        out.string(version.label)
        out.raw(",")
        report.write(to: &out)
        out.raw(#""rows":"#)
        out.array(rows) { out, row in
            out.raw(#"{"device":"#)
            out.string(row.device.rawValue)
            out.raw(#","deviceName":"#)
            out.string(row.device.label)
            out.raw(#","surface":"#)
            out.string(row.surface.rawValue)
            out.raw(#","title":"#)
            out.cell(row.title)
            out.raw(#","subtitle":"#)
            out.cell(row.subtitle)
            out.raw(#","body":"#)
            out.cell(row.body)
            out.raw("}")
        }
        out.raw("}")
        return out.bytes()
    }

    /// One line per device × surface: lines used of the limit, "cut" and the last characters
    /// shown, aligned in columns for a terminal. The characters shown are payload text, so they
    /// pass through the one terminal escaper (`terminalSafe`): the CLI's `--format table` and the
    /// API's `device=all` text picture print them.
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

    /// "2/4", "1/1 cut after “Děti byly”", "5" (unlimited) or "–" (empty); the quoted tail with
    /// controls and bidi controls shown as `\u{…}`.
    private static func describe(_ cell: Cell) -> String {
        guard cell.lines > 0 else { return "–" }
        let used = cell.lineLimit.map { "\(cell.lines)/\($0)" } ?? "\(cell.lines)"
        let tail = String(cell.lastShown.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return cell.truncated ? "\(used) cut after “\(tail.terminalSafe)”" : used
    }
}

extension JSONText {
    /// Writes one matrix cell.
    fileprivate mutating func cell(_ cell: PreviewMatrix.Cell) {
        raw(#"{"lines":"#)
        number(cell.lines)
        raw(#","lineLimit":"#)
        number(cell.lineLimit)
        raw(#","truncated":"#)
        bool(cell.truncated)
        raw(#","visibleCharacters":"#)
        number(cell.visibleCharacters)
        raw(#","lastShown":"#)
        string(cell.lastShown)
        raw("}")
    }
}
