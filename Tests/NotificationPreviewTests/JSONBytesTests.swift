import JSON
import NotificationKit
import Testing

@testable import NotificationPreview

/// The byte writer of the preview documents: numbers in exactly the text they always had, and a
/// report written in place giving the same bytes as the report's own text spliced in.
struct JSONBytesTests {
    /// The text the documents carried before numbers were written digit by digit.
    static func described(_ value: Double, decimals: Int) -> String {
        let rounded = value.rounded(toPlaces: decimals)
        return rounded.isFinite ? String(rounded) : "null"
    }

    /// The byte writer's text of one number.
    static func written(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        JSONNumberText.appendRounded(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(
        "Numbers read as Swift describes them",
        arguments: [
            0, -0.0, 0.04, -0.04, 0.05, 0.0001, 0.00005, 0.00049, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 16.0 / 9,
            66, 102.5, 102.45, 102.55, 261.11, 278, 393, 1440, 999_999_999.4, 1e9, 1e12, 1e17, -12.345,
            .infinity, -.infinity, .nan, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ])
    func knownNumbers(value: Double) {
        for decimals in [0, 1, 2, 4] {
            #expect(Self.written(value, decimals: decimals) == Self.described(value, decimals: decimals))
        }
    }

    @Test func randomNumbers() {
        var random = TextGenerator(seed: 9)
        for _ in 0..<20_000 {
            let bits = random.next()
            let magnitude = Double(bits % 1_000_000_000) / Double(1 << (bits >> 60))
            let value = bits & 1 == 0 ? magnitude : -magnitude
            for decimals in [0, 1, 2, 4] {
                #expect(Self.written(value, decimals: decimals) == Self.described(value, decimals: decimals))
            }
        }
    }

    @Test("Integers", arguments: [0, 7, -7, 10, 4096, Int.max, Int.min])
    func integers(value: Int) {
        var bytes: [UInt8] = []
        JSONNumberText.appendInteger(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }

    /// A report with every optional member and text that needs escaping.
    static let report = ValidationReport(
        pushType: "alert", size: .init(bytes: 259, limit: 4096),
        diagnostics: [
            Diagnostic(
                PayloadCode.categoryUnregistered, path: "$.aps.category",
                message: "\"message\" is not a registered category.", line: 1, column: 176),
            Diagnostic(PreviewCode.cut, path: "$.aps.alert.body", message: "cut\u{2028}here"),
        ], assumedPushType: "alert")

    @Test func previewWithReportInPlace() {
        for sample in JSONGoldenTests.cases {
            let result = PreviewEngine.preview(
                sample.content, device: sample.device, surfaces: sample.surfaces,
                hiddenPreviews: sample.hiddenPreviews, version: sample.version)
            let bytes = result.jsonBytes(report: Self.report)
            #expect(String(decoding: bytes, as: UTF8.self) == result.json(report: Self.report.json()))
            #expect(result.jsonBytes(report: nil) == Array(result.json().utf8))
        }
    }

    @Test func matrixWithReportInPlace() {
        let matrix = PreviewMatrix(JSONGoldenTests.cases[0].content)
        let bytes = matrix.jsonBytes(report: Self.report)
        #expect(String(decoding: bytes, as: UTF8.self) == matrix.json(report: Self.report.json()))
        #expect(matrix.jsonBytes(report: nil) == Array(matrix.json().utf8))
    }

    @Test(
        "Verbatim text is exactly the text the writer would not escape",
        arguments: [
            "", "plain", "Nová zpráva…", "emoji 😀 — dash", "tab\there", "quote\"", "back\\slash",
            "line\u{2028}sep", "para\u{2029}", "\u{1}", "\u{7F} del", "\u{E2}\u{80} lookalike ‚",
        ])
    func verbatim(text: String) {
        var copy = text
        let verbatim = copy.withUTF8(JSONWriter.isVerbatim)
        #expect(verbatim == (JSONWriter.quoted(text) == "\"" + text + "\""))
    }

    @Test(
        "Lines of text that needs no escape are written as the writer would write them",
        arguments: [
            "Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené a sraz je v sedm.",
            "A quote \" and a back\\slash in a body long enough to wrap over several lines of the banner.",
            "Line\u{2028}separator and a tab\there, then more words until the body wraps and is cut short…",
        ])
    func verbatimLines(body: String) {
        let preview = PreviewEngine.preview(
            PreviewContent(title: .plain("Nová zpráva"), body: .plain(body)), device: .iphone393,
            surfaces: [], hiddenPreviews: false)
        let document = String(decoding: preview.jsonBytes(report: nil), as: UTF8.self)
        for surface in preview.surfaces {
            #expect(surface.body.linesNeedNoEscape == LineWrapper.needsNoEscape(body))
            let lines = "[" + surface.body.lines.map(JSONWriter.quoted).joined(separator: ",") + "]"
            #expect(document.contains(#"{"lines":"# + lines + #","truncated":"#))
        }
    }

    @Test func namesWrittenWithoutEscapeCheckNeedNone() {
        for surface in Surface.allCases { #expect(LineWrapper.needsNoEscape(surface.rawValue)) }
        for device in DeviceID.allCases {
            #expect(LineWrapper.needsNoEscape(device.rawValue))
            #expect(LineWrapper.needsNoEscape(DeviceProfile.name(of: device)))
        }
        for version in PreviewVersion.allCases { #expect(LineWrapper.needsNoEscape(version.label)) }
    }

    @Test func writerGrowsPastItsFirstBuffer() {
        var out = JSONText(capacity: 1)
        let texts = (0..<2_000).map { "line \($0) \"quoted\" Příliš žluťoučký kůň" }
        out.array(texts) { $0.string($1) }
        let written = out.bytes()
        #expect(written.count > 64 * 1024)
        #expect(
            String(decoding: written, as: UTF8.self) == "["
                + texts.map(JSONWriter.quoted).joined(separator: ",") + "]")
    }

    @Test("Version labels use an en dash", arguments: PreviewVersion.allCases)
    func versionLabel(version: PreviewVersion) {
        #expect(version.label == version.rawValue.replacing("-", with: "–"))
    }

    @Test("Profiles from the table equal built ones", arguments: DeviceID.allCases)
    func profileTable(device: DeviceID) {
        let built = DeviceProfile(device)
        let looked = DeviceProfile.of(device)
        #expect(looked.name == built.name)
        #expect(looked.platterWidth == built.platterWidth)
        #expect(looked.compactColumn == built.compactColumn)
        #expect(looked.surfaces == built.surfaces)
    }
}
