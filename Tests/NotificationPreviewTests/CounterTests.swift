import Testing

@testable import NotificationPreview

/// The composer's counter says one true thing per field (issue 25): for each device that cuts
/// the field, the cut that device shows, quoted from a word start, the device named as the
/// Device menu names it.
struct CounterTests {
    static let sale = "Vánoční výprodej: sleva 30 % na všechno – jen do neděle!"
    static let content = PreviewContent(
        title: .plain(sale), body: .plain("Jen tento týden v obchodech."), appName: "Obchod")

    /// The counter's groups: the device names and the quoted fragment of each.
    static func groups(in counter: String) -> [(names: String, fragment: String)] {
        guard let list = counter.split(separator: " — ", maxSplits: 1).last else { return [] }
        return list.split(separator: "; ").compactMap { group in
            guard let quote = group.range(of: ": “\u{2068}") else { return nil }
            let fragment = group[quote.upperBound...].prefix { $0 != "\u{2069}" }
            return (String(group[..<quote.lowerBound]), String(fragment))
        }
    }

    @Test(
        "The counter names the cut each device shows",
        arguments: [DeviceID.iphone320, .iphone393, .iphone440])
    func eachDeviceIsNamedWithItsOwnCut(device: DeviceID) throws {
        let counter = PreviewMatrix(Self.content).counter(for: "title", text: Self.sale)
        // What the device's own preview shows on its first surface, the banner.
        let preview = PreviewEngine.preview(
            Self.content, device: device, surfaces: [.banner], hiddenPreviews: false)
        let title = try #require(preview.surfaces.first?.title)
        #expect(title.truncated)
        let shown = String(try #require(title.lines.last).dropLast())
        let group = try #require(
            Self.groups(in: counter).first { $0.names.contains(device.label) },
            "\(device.label) in \(counter)")
        #expect(group.names.hasSuffix("(Banner)"))
        #expect(group.fragment.hasSuffix("…"))
        var fragment = Substring(group.fragment.dropLast())
        let cutInside = fragment.hasPrefix("…")
        if cutInside { fragment = fragment.dropFirst() }
        #expect(shown.hasSuffix(fragment), "\(fragment) ends \(shown)")
        // From a word start: the whole text, or the character before it is a space.
        let before = shown.dropLast(fragment.count)
        #expect(before.isEmpty ? !cutInside : before.last?.isWhitespace == true, "\(group.fragment)")
        // No other group names the device.
        #expect(Self.groups(in: counter).filter { $0.names.contains(device.label) }.count == 1)
    }

    @Test func devicesCuttingTheSamePlaceShareAGroupAndTheCountIsOfDevices() throws {
        let matrix = PreviewMatrix(Self.content)
        let groups = matrix.cutGroups(of: "title")
        let cutDevices = Set(matrix.rows.filter { $0.title.truncated }.map(\.device))
        #expect(groups.flatMap(\.devices).count == cutDevices.count)
        #expect(Set(groups.flatMap(\.devices)) == cutDevices)
        #expect(Set(groups.map(\.fragment)).count == groups.count || Set(groups.map(\.surface)).count > 1)
        let counter = matrix.counter(for: "title", text: Self.sale)
        #expect(
            counter.hasPrefix(
                "\(Self.sale.count) characters · cut on \(cutDevices.count) of 15 devices, "
                    + "\(groups.count) places in all — "))
        // The narrowest cut, the default device's and the widest iPhone's: three, not one per place.
        #expect(Self.groups(in: counter).count == 3)
        #expect(Self.groups(in: counter).first?.names.hasPrefix(DeviceID.iphone320.label) == true)
        #expect(
            matrix.counter(for: "body", text: "Jen tento týden v obchodech.").hasSuffix("fits every device"))
    }

    @Test func aShortWholeCutIsQuotedWholeAndALongOneFromAWord() {
        func cell(_ line: String, lines: Int) -> PreviewMatrix.Cell {
            PreviewMatrix.Cell(
                lines: lines, lineLimit: lines, truncated: true, visibleCharacters: line.count,
                lastShown: String(line.suffix(PreviewMatrix.tailLength)), lastLine: line)
        }
        #expect(
            PreviewMatrix.fragment(of: cell("Vánoční výprodej: sleva", lines: 1))
                == "Vánoční výprodej: sleva…")
        #expect(
            PreviewMatrix.fragment(of: cell("Vánoční výprodej: sleva 30 % na v", lines: 1))
                == "…sleva 30 % na v…")
        #expect(PreviewMatrix.fragment(of: cell("krátký", lines: 2)) == "…krátký…")
        // One long word: back to its start when that is near, else its end as it is.
        #expect(
            PreviewMatrix.fragment(of: cell("a Donaudampfschifffahrt", lines: 1))
                == "a Donaudampfschifffahrt…")
        #expect(
            PreviewMatrix.fragment(of: cell("x " + String(repeating: "w", count: 40), lines: 1))
                == "…" + String(repeating: "w", count: 16) + "…")
    }
}
