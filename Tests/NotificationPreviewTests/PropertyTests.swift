import Testing

@testable import NotificationPreview

/// Invariants of the layout over generated text (seeded, so a failure is reproducible).
struct PropertyTests {
    /// Seeds of the generated cases; each seed gives one notification on one device.
    static let seeds = Array(UInt64(1)...UInt64(400))

    @Test("Layout invariants hold for generated text", arguments: seeds)
    func invariants(seed: UInt64) {
        var generator = TextGenerator(seed: seed)
        let content = PreviewContent(
            title: .plain(generator.text(maximumWords: 12)),
            subtitle: .plain(generator.text(maximumWords: 8)),
            body: .plain(generator.text(maximumWords: 90)),
            appName: "App", timestamp: generator.pick(["now", "2m ago", "Yesterday, 8:37 AM"]),
            media: generator.pick([.none, .image(aspectRatio: 1.5), .video(aspectRatio: nil)]))
        let device = generator.pick(DeviceID.allCases)
        let result = PreviewEngine.preview(content, device: device, surfaces: [], hiddenPreviews: false)
        for surface in result.surfaces {
            for (name, field) in [
                ("title", surface.title), ("subtitle", surface.subtitle), ("body", surface.body),
            ] {
                check(field, font: field.font, context: "seed \(seed) \(device) \(surface.surface) \(name)")
            }
            if !surface.surface.isCompact {
                #expect(!surface.body.truncated, "seed \(seed): the expanded body must show all text")
            }
        }
    }

    /// Checks width, cluster integrity, the ellipsis, the prefix property and the offsets.
    private func check(_ field: FieldLayout, font: PreviewFont, context: String) {
        if let limit = field.lineLimit { #expect(field.lines.count <= limit, "\(context): too many lines") }
        for line in field.lines {
            #expect(
                font.lineWidth(of: line) <= field.columnWidth + 0.001, "\(context): line too wide: \(line)")
        }
        let original = Array(field.text)
        var position = 0
        for (index, line) in field.lines.enumerated() {
            if index > 0 {
                while position < original.count, isJoinWhitespace(original[position]) { position += 1 }
            }
            var shown = Array(line)
            if field.truncated && index == field.lines.count - 1 {
                #expect(shown.last == "…", "\(context): truncated line must end with …")
                shown.removeLast()
            }
            for character in shown {
                guard position < original.count,
                    original[position].unicodeScalars.elementsEqual(character.unicodeScalars)
                else {
                    Issue.record("\(context): line \(line.debugDescription) is not the text's next clusters")
                    return
                }
                position += 1
            }
        }
        if field.truncated {
            #expect(field.truncation?.characters == position, "\(context): truncation offset")
            #expect(
                field.truncation?.utf8 == String(original[..<position]).utf8.count, "\(context): UTF-8 offset"
            )
            #expect(
                field.truncation?.utf16 == String(original[..<position]).utf16.count,
                "\(context): UTF-16 offset")
        } else {
            while position < original.count, isJoinWhitespace(original[position]) { position += 1 }
            #expect(position == original.count, "\(context): untruncated field lost text")
        }
    }

    /// Characters a line join may swallow: spaces at a soft break, the hard break itself.
    private func isJoinWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\n" || character == "\r\n" || character == "\r"
    }
}
