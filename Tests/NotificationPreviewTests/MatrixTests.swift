import Foundation
import NotificationKit
import Testing

@testable import NotificationPreview

/// The matrix of every device × surface: the same lines as each device's own preview, and the
/// narrowest cut named in a `preview.cut` info.
struct MatrixTests {
    static let czech = PreviewContent(
        title: .plain("Děti byly nadšené z výletu do Krkonoš a chtějí jet znovu"),
        body: .plain(SampleTexts.czech), appName: "Zprávy")

    @Test func everyDeviceAndSurfaceHasARow() {
        let matrix = PreviewMatrix(Self.czech)
        let expected = DeviceID.allCases.flatMap { device in device.surfaces.map { (device, $0) } }
        #expect(matrix.rows.map(\.device) == expected.map(\.0))
        #expect(matrix.rows.map(\.surface) == expected.map(\.1))
        #expect(matrix.rows.count >= 13 * 1)
    }

    @Test("Rows agree with each device's own preview", arguments: DeviceID.allCases)
    func rowsAgreeWithThePreview(device: DeviceID) {
        let matrix = PreviewMatrix(Self.czech)
        let preview = PreviewEngine.preview(Self.czech, device: device, surfaces: [], hiddenPreviews: false)
        let rows = matrix.rows.filter { $0.device == device }
        #expect(rows.map(\.surface) == preview.surfaces.map(\.surface))
        for (row, surface) in zip(rows, preview.surfaces) {
            for (cell, field) in [
                (row.title, surface.title), (row.subtitle, surface.subtitle), (row.body, surface.body),
            ] {
                #expect(cell.lines == field.lines.count)
                #expect(cell.truncated == field.truncated)
                #expect(cell.visibleCharacters == field.visibleCharacters)
                #expect(field.visibleCharacters == field.lines.joined().count - (field.truncated ? 1 : 0))
                if let last = field.lines.last {
                    let shown = field.truncated ? String(last.dropLast()) : last
                    #expect(shown.hasSuffix(cell.lastShown))
                    #expect(cell.lastShown.count == min(PreviewMatrix.tailLength, shown.count))
                }
            }
        }
    }

    @Test func narrowestCutIsNamedInAnInfo() throws {
        let matrix = PreviewMatrix(Self.czech)
        let title = try #require(matrix.narrowestCut(of: "title"))
        let narrowest = matrix.rows.filter { $0.title.truncated }.map(\.platterWidth).min()
        #expect(title.platterWidth == narrowest)
        #expect(matrix.narrowestCut(of: "subtitle") == nil)
        let diagnostics = matrix.cutDiagnostics()
        #expect(diagnostics.map(\.path) == ["$.aps.alert.title", "$.aps.alert.body"])
        #expect(diagnostics.allSatisfy { $0.severity == .info && $0.code == "preview.cut" })
        let message = try #require(diagnostics.first?.message)
        #expect(message.contains(title.device.label))
        #expect(message.contains(title.surface.title))
        #expect(message.contains(title.title.lastShown))
    }

    @Test func theCounterIsolatesTheCutTailSoRightToLeftTextKeepsItsPlace() throws {
        let title = String(repeating: "مرحبا بكم في متجرنا الجديد ", count: 4)
        let matrix = PreviewMatrix(PreviewContent(title: .plain(title), body: .plain("نص"), appName: "متجر"))
        let counter = matrix.counter(for: "title", text: title)
        let tail = /: “\u{2068}…?([^…\u{2068}\u{2069}]+)…\u{2069}”$/
        let isolated = try #require(counter.firstMatch(of: tail))
        #expect(title.contains(isolated.1))
    }

    @Test func nothingCutMeansNoInfo() {
        let matrix = PreviewMatrix(PreviewContent(title: .plain("Hi"), body: .plain("Ok")))
        #expect(matrix.cutDiagnostics().isEmpty)
        #expect(matrix.rows.allSatisfy { !$0.title.truncated && !$0.body.truncated })
    }

    @Test func jsonAndTable() throws {
        let matrix = PreviewMatrix(Self.czech)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(matrix.json().utf8)) as? [String: Any])
        #expect(json["ios"] as? String == "17–18")
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == matrix.rows.count)
        let first = try #require(rows.first?["body"] as? [String: Any])
        #expect(first["truncated"] as? Bool == matrix.rows[0].body.truncated)
        #expect(first["lastShown"] as? String == matrix.rows[0].body.lastShown)
        let table = matrix.table()
        #expect(table.split(separator: "\n").count == matrix.rows.count + 2)
        #expect(table.contains("iphone-320  banner"))
        #expect(table.contains("cut after “\(matrix.rows[0].title.lastShown)”"))
    }
}
