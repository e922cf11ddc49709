import Foundation
import Testing

@testable import NotificationKit

/// The Swift registration code parses, reads like the seed example, and escapes every literal.
struct ExportSwiftCodeTests {
    static let swiftc = ExportProcess.find("swiftc", fallback: "/opt/swift/usr/bin/swiftc")

    static func seedConfig() throws -> CategoryConfig {
        let bytes = try Data(
            contentsOf: CategoryConfigTests.fixtures.appendingPathComponent("categories-seed.json"))
        return try #require(CategoryConfig.read(Array(bytes)).config)
    }

    /// Writes `code` to a temporary file and expects `swiftc -parse` to accept it.
    static func expectParses(_ code: String) throws {
        let directory = try ExportProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Categories.swift")
        try Data(code.utf8).write(to: file)
        let output = try ExportProcess.run(swiftc, ["-parse", file.path])
        #expect(output.status == 0, "\(output.stderr)\n\(code)")
    }

    @Test func seedCategoryCodeParsesWithSwiftc() throws {
        let code = try Self.seedConfig().swiftRegistrationCode()
        try Self.expectParses(code)
    }

    @Test func seedCategoryCodeReadsLikeTheSeedExample() throws {
        let code = try Self.seedConfig().swiftRegistrationCode()
        let expectedFragments = [
            """
                let messageReplyAction = UNTextInputNotificationAction(
                    identifier: "reply",
                    title: "Odpovědět",
                    options: [.foreground],
                    textInputButtonTitle: "Odeslat",
                    textInputPlaceholder: "Zadejte zprávu..."
                )
            """,
            """
                    messageDeleteAction = UNNotificationAction(
                        identifier: "delete",
                        title: "Smazat",
                        options: [.destructive],
                        icon: UNNotificationActionIcon(systemImageName: "trash")
                    )
            """,
            """
                let messageCategory = UNNotificationCategory(
                    identifier: "message",
                    actions: [messageReplyAction, messageDeleteAction],
                    intentIdentifiers: [],
                    hiddenPreviewsBodyPlaceholder: "%u nových zpráv",
                    categorySummaryFormat: "%u more messages",
                    options: [.customDismissAction]
                )
            """,
            "        .setNotificationCategories([messageCategory])",
            "    if #available(iOS 15.0, *) {",
        ]
        for fragment in expectedFragments {
            #expect(code.contains(fragment), "missing:\n\(fragment)\nin:\n\(code)")
        }
    }

    @Test func everyOptionAndNameCollisionParses() throws {
        let config = CategoryConfig(categories: [
            NotificationCategory(
                identifier: "a-b",
                actions: [
                    NotificationAction(
                        identifier: "x", title: "X", options: Set(ActionOption.allCases),
                        icon: .templateImage("tpl")),
                    NotificationAction(identifier: "x", title: "X again", textInput: TextInput()),
                ], intentIdentifiers: ["INSendMessageIntent"], options: Set(CategoryOption.allCases),
                hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: "%u more"),
            NotificationCategory(identifier: "a_b", hiddenPreviewsBodyPlaceholder: "%u"),
            NotificationCategory(identifier: "42 😀"),
        ])
        let code = config.swiftRegistrationCode()
        #expect(code.contains("aBXAction2"))
        #expect(code.contains("aBCategory2"))
        #expect(code.contains("item42Category"))
        #expect(code.contains("options: [.foreground, .destructive, .authenticationRequired]"))
        #expect(
            code.contains(
                "options: [.customDismissAction, .allowInCarPlay, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle]"
            ))
        #expect(
            code.contains("hiddenPreviewsBodyPlaceholder: nil,\n        categorySummaryFormat: \"%u more\""))
        try Self.expectParses(code)
    }

    /// Compiles and runs a program that prints each escaped literal, proving the escaping
    /// reproduces the exact text (no interpolation, no lost or changed characters).
    @Test func stringLiteralsRoundTripThroughTheCompiler() throws {
        let texts = [
            "plain", "quote \" and \\ backslash", "\\(interpolation)", "\\u{41} not an escape",
            "tab\tnew\nline\r",
            "nul \0 bell \u{7} del \u{7F}", "bidi \u{202E}evil\u{202C} zw\u{200B}j", "sep \u{2028} \u{2029}",
            "Odpovědět 😀 Xin chào", "#\"raw\"#", "\"\"\" triple",
        ]
        var program = ""
        for text in texts {
            program += "print(\(SwiftLiteral.string(text)), terminator: \"\\u{1}\")\n"
        }
        let directory = try ExportProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("main.swift")
        let binary = directory.appendingPathComponent("literals")
        try Data(program.utf8).write(to: source)
        let build = try ExportProcess.run(Self.swiftc, ["-Onone", source.path, "-o", binary.path])
        try #require(build.status == 0, "\(build.stderr)")
        let run = try ExportProcess.run(binary.path, [])
        let printed = run.stdout.split(separator: 1, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(printed == texts)
    }

    @Test func literalsStayOnOneLineAndEscapeInvisibleCharacters() {
        #expect(SwiftLiteral.string("a\u{202E}b\nc") == #""a\u{202E}b\nc""#)
        #expect(SwiftLiteral.string("\\(x)") == #""\\(x)""#)
    }
}
