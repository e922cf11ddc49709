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
}
