import JSON
import Testing

@testable import NotificationPreview

/// A field layout's values sit behind one shared reference: copies stay values (changing one
/// leaves the others), equality is by value, and the document writer, which writes each
/// distinct field once and copies its bytes after, still writes every field's own values.
struct FieldLayoutTests {
    static func body(_ lines: [String], lineLimit: Int?, key: String? = nil, font: String = "body")
        -> FieldLayout
    {
        FieldLayout(
            FieldLayout.Fields(
                lines: lines, lineWidths: lines.map { Double($0.count) }, columnWidth: 296,
                lineLimit: lineLimit,
                text: lines.joined(separator: " "), localizationKey: key, fontName: font))
    }

    @Test func copiesAreValues() {
        let original = Self.body(["one", "two"], lineLimit: 4)
        var changed = original
        changed.lines.append("three")
        changed.lineLimit = nil
        changed.localizationKey = "KEY"
        #expect(original.lines == ["one", "two"])
        #expect(original.lineLimit == 4)
        #expect(original.localizationKey == nil)
        #expect(changed.lines == ["one", "two", "three"])
        #expect(changed.lineLimit == nil)
        #expect(changed.localizationKey == "KEY")
        #expect(original != changed)
    }

    @Test func equalValuesAreEqualWhateverTheirBox() {
        let one = Self.body(["same"], lineLimit: 2)
        let other = Self.body(["same"], lineLimit: 2)
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(Set([one, other]).count == 1)
        #expect(one != Self.body(["same"], lineLimit: 3))
        #expect(one != Self.body(["same"], lineLimit: 2, font: "title"))
    }

    /// Surfaces whose fields are the same value, equal values in other boxes, or alike but
    /// for one member: each surface's field reads back as its own.
    @Test func theDocumentWritesEachSurfacesOwnField() throws {
        let lines = ["Anna: Ahoj! Jak se máš?", "Dnes \"večer\" jdeme…"]
        let shared = Self.body(lines, lineLimit: 4)
        let bodies = [
            shared, shared, Self.body(lines, lineLimit: 4), Self.body(lines, lineLimit: nil),
            Self.body(lines, lineLimit: 4, key: "BODY_KEY"),
            Self.body(lines, lineLimit: 4, font: "watch-body"),
            Self.body(Array(lines.prefix(1)), lineLimit: 4),
        ]
        let title = Self.body(["Nová zpráva"], lineLimit: 1, font: "title")
        let empty = FieldLayout.empty(columnWidth: 296, lineLimit: 1)
        let result = NotificationPreviewResult(
            device: .iphone393, deviceWidth: 393, hiddenPreviews: false,
            surfaces: bodies.map { body in
                SurfacePreview(
                    surface: .lockScreen, title: title, subtitle: empty, body: body, timestamp: "now",
                    header: nil, media: nil, actions: [], height: 98.4, visibleHeight: nil, scrolls: nil,
                    visibleBodyLines: nil)
            }, notes: [])
        let document = JSONReader().read(result.jsonBytes(report: nil))
        let surfaces = try #require(document.root?["surfaces"]?.value.arrayElements)
        #expect(surfaces.count == bodies.count)
        for (surface, body) in zip(surfaces, bodies) {
            let written = try #require(surface["body"])
            #expect(written["lines"]?.value.arrayElements?.compactMap(\.value.stringValue) == body.lines)
            #expect(written["lineLimit"]?.value.numberValue?.int64Value.map(Int.init) == body.lineLimit)
            #expect(written["font"]?.value.stringValue == body.fontName)
            #expect(written["localizationKey"]?.value.stringValue == body.localizationKey)
            #expect(
                surface["title"]?["lines"]?.value.arrayElements?.first?.value.stringValue == "Nová zpráva")
            #expect(surface["subtitle"]?["lines"]?.value.arrayElements?.isEmpty == true)
        }
        #expect(document.diagnostics.isEmpty)
    }

    /// Laid-out lines are spans of the text's bytes: each reads back as the text between its
    /// clusters (with "…" after a cut), one at a time or all together, and the document writes
    /// exactly those strings, escaped where the text needs it.
    @Test(arguments: [
        "Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené.",
        "Dnes \"večer\" jdeme\\do kina \u{1}a pak\ndomů, a ještě dlouho potom budeme povídat o filmu.",
        "مرحبا بكم في التطبيق، لديك رسالة جديدة من أحمد: هل ستأتي إلى الاجتماع غدا؟",
    ])
    func linesAreTheTextsOwnBytes(_ sentence: String) throws {
        // Twice over: longer than the banner's two lines, so its last line is cut.
        let body = sentence + " " + sentence
        let result = PreviewEngine.preview(
            PreviewContent(title: .plain("Nová zpráva"), body: .plain(body)), device: .iphone393,
            surfaces: [.banner, .expanded], hiddenPreviews: false)
        let banner = result.surfaces[0].body
        #expect(banner.truncated)
        #expect(banner.lines.last?.hasSuffix("…") == true)
        // The lines are the text's own characters in order (spaces dropped at line ends).
        let shown = String(banner.lines.joined().dropLast()).filter { !$0.isWhitespace }
        #expect(body.filter { !$0.isWhitespace }.hasPrefix(shown))
        let document = JSONReader().read(result.jsonBytes(report: nil))
        let surfaces = try #require(document.root?["surfaces"]?.value.arrayElements)
        for (written, surface) in zip(surfaces, result.surfaces) {
            let field = surface.body
            #expect(field.lineCount == field.lines.count)
            #expect((0..<field.lineCount).map(field.line) == field.lines)
            #expect(field.lineWidths.count == field.lineCount)
            #expect(
                written["body"]?["lines"]?.value.arrayElements?.compactMap(\.value.stringValue) == field.lines
            )
        }
        #expect(document.diagnostics.isEmpty)
    }

    /// Changing a layout's text leaves its lines as they were cut, and setting its lines makes
    /// them the lines, widths kept for the lines that stay.
    @Test func settingTheTextOrTheLinesKeepsTheOther() {
        let laid = LineWrapper(font: .compactBody).layout(
            "Ahoj, jak se máš? Dnes večer jdeme do kina.", width: 120, lineLimit: 2)
        var retexted = laid
        retexted.text = "Jiný text"
        #expect(retexted.lines == laid.lines)
        #expect(retexted.text == "Jiný text")
        #expect(retexted != laid)
        var relined = laid
        relined.lines = ["první", "druhá", "třetí"]
        #expect(relined.lines == ["první", "druhá", "třetí"])
        #expect(relined.lineWidths == Array(laid.lineWidths.prefix(2)) + [0])
        #expect(relined.text == laid.text)
    }
}
