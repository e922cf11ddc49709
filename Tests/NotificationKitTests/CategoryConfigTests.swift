import Foundation
import Testing

@testable import NotificationKit

/// Reading, writing and diagnosing the category config of CONTRACT §5.
struct CategoryConfigTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func seedBytes() throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent("categories-seed.json")))
    }

    @Test func readsTheSeedCategoryWithoutDiagnostics() throws {
        let (config, diagnostics) = CategoryConfig.read(try Self.seedBytes())
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let message = try #require(config?.category(identifiedBy: "message"))
        #expect(message.options == [.customDismissAction])
        #expect(message.hiddenPreviewsBodyPlaceholder == "%u nových zpráv")
        #expect(message.categorySummaryFormat == "%u more messages")
        #expect(message.actions.map(\.identifier) == ["reply", "delete"])
        #expect(
            message.actions[0].textInput
                == TextInput(buttonTitle: "Odeslat", placeholder: "Zadejte zprávu..."))
        #expect(message.actions[0].options == [.foreground])
        #expect(message.actions[1].options == [.destructive])
        #expect(message.actions[1].icon == .systemImage("trash"))
    }

    @Test func writesTheDocumentedFileFormatExactly() throws {
        let bytes = try Self.seedBytes()
        let config = try #require(CategoryConfig.read(bytes).config)
        #expect(Array(config.prettyJSON().utf8) == bytes)
    }

    @Test func readWriteReadIsIdentity() throws {
        let config = CategoryConfig(categories: [
            NotificationCategory(
                identifier: "všechno \"quoted\" \\",
                actions: [
                    NotificationAction(
                        identifier: "a", title: "Ano 😀 \u{1}", options: Set(ActionOption.allCases),
                        textInput: TextInput(buttonTitle: "Go", placeholder: nil), icon: .templateImage("x")),
                    NotificationAction(identifier: "b", title: "Ne"),
                ], intentIdentifiers: ["INSendMessageIntent"], options: Set(CategoryOption.allCases),
                hiddenPreviewsBodyPlaceholder: "%u", categorySummaryFormat: nil),
            NotificationCategory(identifier: "empty"),
        ])
        let text = config.prettyJSON()
        let (again, diagnostics) = CategoryConfig.read(Array(text.utf8))
        #expect(again == config)
        #expect(again?.prettyJSON() == text)
        #expect(diagnostics.allSatisfy { $0.severity != .error })
    }

    @Test func looksUpCategoriesExactlyAndIgnoringCase() throws {
        let config = try #require(CategoryConfig.read(try Self.seedBytes()).config)
        #expect(config.category(identifiedBy: "Message") == nil)
        #expect(config.categories(caseInsensitivelyMatching: "Message").map(\.identifier) == ["message"])
        #expect(config.categories(caseInsensitivelyMatching: "message").isEmpty)
        #expect(config.identifiers == ["message"])
    }

    /// iOS compares identifiers as literal NSStrings, so an NFD spelling of an NFC identifier is
    /// another identifier, not the same one and not a case variant of it.
    @Test func looksUpCategoriesByteForByte() {
        let config = CategoryConfig(categories: [NotificationCategory(identifier: "café")])
        #expect(config.category(identifiedBy: "café")?.identifier == "café")
        #expect(config.category(identifiedBy: "cafe\u{301}") == nil)
        #expect(config.categories(caseInsensitivelyMatching: "CAFÉ").map(\.identifier) == ["café"])
        #expect(config.categories(caseInsensitivelyMatching: "cafe\u{301}").isEmpty)
        #expect(config.categories(caseInsensitivelyMatching: "CAFE\u{301}").isEmpty)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let json: String
        let code: String
        let path: String
        var testDescription: String { code + " " + json }
    }

    static func category(_ body: String) -> String { #"{"categories":[{"identifier":"c",\#(body)}]}"# }

    static let cases: [Case] = [
        Case(json: "[]", code: "categories.type", path: "$"),
        Case(json: "{}", code: "categories.missing-field", path: "$"),
        Case(json: #"{"categories":{}}"#, code: "categories.type", path: "$.categories"),
        Case(json: #"{"categories":[],"extra":1}"#, code: "categories.unknown-field", path: "$.extra"),
        Case(
            json: #"{"categories":[{"actions":[]}]}"#, code: "categories.missing-field",
            path: "$.categories[0]"),
        Case(
            json: category(#""option":[]"#), code: "categories.unknown-field", path: "$.categories[0].option"),
        Case(
            json: category(#""options":["allowinCarPlay"]"#), code: "categories.unknown-option",
            path: "$.categories[0].options[0]"),
        Case(
            json: category(#""options":["allowInCarPlay","allowInCarPlay"]"#),
            code: "categories.duplicate-option", path: "$.categories[0].options[1]"),
        Case(
            json: category(#""actions":[{"identifier":"a","title":"A","options":["Foreground"]}]"#),
            code: "categories.unknown-option", path: "$.categories[0].actions[0].options[0]"),
        Case(
            json: category(#""actions":[{"identifier":"a"}]"#), code: "categories.missing-field",
            path: "$.categories[0].actions[0]"),
        Case(
            json: category(#""actions":[{"identifier":"a","title":5}]"#), code: "categories.type",
            path: "$.categories[0].actions[0].title"),
        Case(
            json: #"{"categories":[{"identifier":"m"},{"identifier":"m"}]}"#,
            code: "categories.duplicate-identifier", path: "$.categories[1].identifier"),
        Case(
            json: #"{"categories":[{"identifier":"m"},{"identifier":"M"}]}"#,
            code: "categories.case-collision", path: "$.categories[1].identifier"),
        Case(
            json: #"{"categories":[{"identifier":""}]}"#, code: "categories.empty-identifier",
            path: "$.categories[0].identifier"),
        Case(
            json: category(#""actions":[{"identifier":"","title":"A"}]"#),
            code: "categories.empty-identifier", path: "$.categories[0].actions[0].identifier"),
        Case(
            json: #"{"categories":[{"identifier":"a\u0000b"}]}"#, code: "categories.control-character",
            path: "$.categories[0].identifier"),
        Case(
            json: category(#""actions":[{"identifier":"line\nbreak","title":"A"}]"#),
            code: "categories.control-character", path: "$.categories[0].actions[0].identifier"),
        Case(
            json: category(#""actions":[{"identifier":"a","title":"A"},{"identifier":"a","title":"B"}]"#),
            code: "categories.duplicate-action", path: "$.categories[0].actions[1].identifier"),
        Case(
            json:
                #"{"categories":[{"identifier":"m","actions":[{"identifier":"a","title":"A"}]},{"identifier":"n","actions":[{"identifier":"a","title":"A"}]}]}"#,
            code: "categories.shared-action-identifier", path: "$.categories[1].actions[0].identifier"),
        Case(
            json: category(#""actions":[{"identifier":"a","title":" "}]"#), code: "categories.empty-title",
            path: "$.categories[0].actions[0].title"),
        Case(
            json: category(
                #""actions":["#
                    + (1...11).map { #"{"identifier":"a\#($0)","title":"A"}"# }.joined(separator: ",") + "]"),
            code: "categories.too-many-actions", path: "$.categories[0].actions"),
        Case(
            json: category(
                #""options":["allowInCarPlay"],"actions":[{"identifier":"r","title":"R","textInput":{"buttonTitle":"Send"}}]"#
            ), code: "categories.text-input-in-carplay", path: "$.categories[0].actions[0]"),
        Case(
            json: category(#""actions":[{"identifier":"r","title":"R","textInput":{"placeholder":"…"}}]"#),
            code: "categories.text-input-button-title",
            path: "$.categories[0].actions[0].textInput.buttonTitle"),
        Case(
            json: category(
                #""actions":[{"identifier":"r","title":"R","icon":{"systemImageName":"a","templateImageName":"b"}}]"#
            ), code: "categories.icon", path: "$.categories[0].actions[0].icon"),
        Case(
            json: category(#""actions":[{"identifier":"r","title":"R","icon":{}}]"#), code: "categories.icon",
            path: "$.categories[0].actions[0].icon"),
        Case(
            json: category(#""hiddenPreviewsBodyPlaceholder":"%d new messages""#),
            code: "categories.count-placeholder", path: "$.categories[0].hiddenPreviewsBodyPlaceholder"),
        Case(
            json: category(#""categorySummaryFormat":"more messages""#), code: "categories.count-placeholder",
            path: "$.categories[0].categorySummaryFormat"),
        Case(json: #"{"categories":[1]}"#, code: "categories.type", path: "$.categories[0]"),
        // NFC "é" then NFD "e" + U+0301: different identifiers to iOS, so no duplicate.
        Case(
            json: "{\"categories\":[{\"identifier\":\"café\"},{\"identifier\":\"cafe\u{301}\"}]}",
            code: "categories.normalization-collision", path: "$.categories[1].identifier"),
        Case(
            json: "{\"categories\":[{\"identifier\":\"Café\"},{\"identifier\":\"cafe\u{301}\"}]}",
            code: "categories.normalization-collision", path: "$.categories[1].identifier"),
        Case(
            json: #"{"categories":[{"identifier":"Café"},{"identifier":"café"}]}"#,
            code: "categories.case-collision", path: "$.categories[1].identifier"),
    ]

    @Test(arguments: cases)
    func reportsEachProblem(_ testCase: Case) {
        let diagnostics = CategoryConfig.read(Array(testCase.json.utf8)).diagnostics
        #expect(diagnostics.map(\.code) == [testCase.code], "\(diagnostics.map(\.message))")
        #expect(diagnostics.first?.path == testCase.path)
        let expected = CategoryDiagnosticCode(rawValue: testCase.code)?.severity
        #expect(diagnostics.first?.severity == expected)
    }

    @Test(arguments: [
        category(#""options":["allowInCarPlay"],"actions":[{"identifier":"a","title":"A"}]"#),
        category(
            #""actions":["# + (1...10).map { #"{"identifier":"a\#($0)","title":"A"}"# }.joined(separator: ",")
                + "]"),
        category(
            #""hiddenPreviewsBodyPlaceholder":"%u new","categorySummaryFormat":"%u more"}"#.dropLast() + ""),
        #"{"categories":[{"identifier":"m"},{"identifier":"n"}]}"#,
        // Action identifiers are compared byte for byte too: NFC "ř" and NFD "r" + U+030C differ.
        category(
            "\"actions\":[{\"identifier\":\"ř\",\"title\":\"A\"},{\"identifier\":\"r\u{30C}\",\"title\":\"B\"}]"
        ),
        "{\"categories\":[{\"identifier\":\"m\",\"actions\":[{\"identifier\":\"ř\",\"title\":\"A\"}]},"
            + "{\"identifier\":\"n\",\"actions\":[{\"identifier\":\"r\u{30C}\",\"title\":\"B\"}]}]}",
    ])
    func acceptsCleanConfigs(_ json: String) {
        let diagnostics = CategoryConfig.read(Array(json.utf8)).diagnostics
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func diagnosticsCarryLineAndColumn() throws {
        let json =
            "{\"categories\": [\n  {\"identifier\": \"m\", \"actions\": [\n    {\"identifier\": \"\", \"title\": \"A\"}]}]}"
        let diagnostic = try #require(CategoryConfig.read(Array(json.utf8)).diagnostics.first)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.column == 5)
    }

    @Test func readsOneCategory() {
        let (category, diagnostics) = NotificationCategory.read(
            Array(#"{"identifier":"x","actions":[]}"#.utf8))
        #expect(category == NotificationCategory(identifier: "x"))
        #expect(diagnostics.isEmpty)
    }
}
