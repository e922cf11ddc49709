import Foundation
import JSON
import NotificationKit
import Testing

@testable import Dashboard

/// The support case on one screen: a category iOS will not find is an error of the Category
/// field with a "Use …" fix, an oversized payload shows its byte budget, and every finding is
/// shown under the field its path points at.
@Suite struct ComposerSupportCaseTests {
    static let registry = CategoryConfig(categories: [
        NotificationCategory(identifier: "message"), NotificationCategory(identifier: "caf\u{E9}"),
    ])

    static func notes(_ raw: String) -> ComposerFieldNotes {
        var fields = ComposerFields()
        fields[.rawJSON] = raw
        let composed = PayloadComposer.compose(fields)
        let analysis = PayloadAnalysis(
            payload: Array(raw.utf8), headers: [:], validator: Validator(categories: registry))
        return ComposerFieldNotes(composed, report: analysis.report, root: analysis.root, registry: registry)
    }

    @Test(arguments: [
        ("Message", "message"), ("MESSAGE", "message"), ("cafe\u{301}", "caf\u{E9}"), ("mesage", "message"),
    ])
    func categoryIOSWouldNotFindIsAFieldErrorWithItsFix(category: String, fix: String) throws {
        let notes = Self.notes(#"{"aps":{"alert":{"body":"Hi"},"category":"\#(category)"}}"#)
        #expect(notes.isInvalid(.category))
        #expect(notes.message(for: .category).hasPrefix("iOS will show no buttons"))
        #expect(notes.categoryFix == fix)
        #expect(notes.buttonsMissing)
    }

    @Test func registeredOrFarOffCategoryHasNoFix() {
        #expect(!Self.notes(#"{"aps":{"alert":{"body":"Hi"},"category":"message"}}"#).isInvalid(.category))
        let far = Self.notes(#"{"aps":{"alert":{"body":"Hi"},"category":"zzzzzzzz"}}"#)
        #expect(far.isInvalid(.category))
        #expect(far.categoryFix == nil)
    }

    @Test(arguments: [
        ("$.aps.alert.title", ComposerField.title), ("$.aps.alert", .body), ("$.aps.badge", .badge),
        ("$.aps.relevance-score", .relevanceScore), ("$.aps.sound.critical", .sound),
        ("header:apns-expiration", .expiration), ("header:apns-priority", .priority), ("$", .rawJSON),
        ("$.aps.content-available", .rawJSON), ("$.media-url", .mediaURL), ("$.order", .customData),
        ("$[\"a b\"]", .customData),
    ])
    func everyPathHasItsField(path: String, field: ComposerField) {
        #expect(ComposerField.field(forPath: path, mediaKey: nil) == field)
    }

    @Test func relevanceAndExpirationDiagnosticsMarkTheirFields() {
        var fields = ComposerFields()
        fields[.rawJSON] = #"{"aps":{"alert":{"body":"Hi"},"relevance-score":7}}"#
        fields[.expiration] = "soon"
        let composed = PayloadComposer.compose(fields)
        let analysis = PayloadAnalysis(
            payload: Array(fields[.rawJSON].utf8), headers: composed.fields.headers,
            validator: Validator(categories: Self.registry))
        let report = analysis.report
        let notes = ComposerFieldNotes(composed, report: report, root: analysis.root, registry: Self.registry)
        #expect(notes.isInvalid(.relevanceScore), "\(report.diagnostics)")
        #expect(notes.isInvalid(.expiration), "\(report.diagnostics)")
    }

    @Test func byteBudgetSaysHowFarOverAndWhereInTheFieldsScript() throws {
        // Czech: "č" is 2 bytes, so 1 000 bytes of "čččč" are 500 characters.
        let body = String(repeating: "č", count: 2100)
        let raw = #"{"aps":{"alert":{"title":"Ahoj","body":"\#(body)"}},"order":42}"#
        let budget = try #require(
            PayloadByteBudget(bytes: raw.utf8.count, root: JSONReader().read(raw).root, limit: 4096))
        #expect(budget.over == raw.utf8.count - 4096)
        let bodyPart = try #require(budget.parts.first { $0.field == .body })
        #expect(bodyPart.bytes == 4202)
        #expect(bodyPart.bytesPerCharacter == 2)
        #expect(bodyPart.charactersToCut(for: budget.over) == (budget.over + 1) / 2)
        #expect(budget.parts.first { $0.field == .customData }?.bytes == #""order":42"#.utf8.count)
        #expect(budget.parts.reduce(0) { $0 + $1.bytes } == raw.utf8.count)
        #expect(budget.largestText == bodyPart)
        let fits = #"{"aps":{}}"#
        #expect(
            PayloadByteBudget(bytes: fits.utf8.count, root: JSONReader().read(fits).root, limit: 4096) == nil)
    }

    @Test func pageShowsTheSupportAnswerWithoutJavaScript() throws {
        let fixture = try ComposerPagesTests.Fixture()
        let config = #"{"categories":[{"identifier":"message","actions":[]}]}"#
        _ = fixture.dashboard.respond(
            to: .init(
                method: .put, target: "/api/v1/categories", headers: ["Content-Type": "application/json"],
                body: Array(config.utf8)))
        let raw =
            #"{"aps":{"alert":{"body":"\#(String(repeating: "x", count: 4200))"},"category":"Message"}}"#
        let page = ComposerPagesTests.text(
            fixture.post("/notifications/new", form: [("rawJSON", raw), ("intent", "preview")]))
        #expect(page.contains(#"aria-invalid="true""#))
        #expect(page.contains(#"name="useCategory" value="message""#))
        #expect(page.contains("\(raw.utf8.count - 4096) bytes over the limit"))
        #expect(page.contains(#"href="/docs/validation-rules#category.case-mismatch""#))
        let used = ComposerPagesTests.text(
            fixture.post(
                "/notifications/new",
                form: [
                    ("rawJSON", raw), ("renderedRaw", raw), ("category", "Message"),
                    ("useCategory", "message"),
                ]))
        #expect(used.contains(#"id="category" name="category" value="message""#))
        #expect(!used.contains(#"name="useCategory""#))
    }
}
