import HTTPKit
import NotificationKit
import Testing

@testable import Dashboard

/// The category form binds field by field into a `NotificationCategory`, and places every
/// finding on the field it is about.
@Suite struct CategoryFormBindingTests {
    private func decode(_ pairs: [(String, String)]) throws -> (
        form: CategoryForm, intent: CategoryFormIntent
    ) {
        try CategoryForm.decode(FormFields(pairs.map { FormFields.Field(name: $0.0, value: $0.1) }))
    }

    private func category(_ pairs: [(String, String)]) throws -> NotificationCategory {
        try decode(pairs).form.binding().category
    }

    /// One row of the binding table: posted fields and the category they must give.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let fields: [(String, String)]
        let expected: NotificationCategory
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "identifier only", fields: [("identifier", "message")],
            expected: NotificationCategory(identifier: "message")),
        Case(
            name: "category checkboxes become options",
            fields: [
                ("identifier", "m"), ("options", "customDismissAction"), ("options", "allowInCarPlay"),
                ("options", "hiddenPreviewsShowTitle"), ("options", "hiddenPreviewsShowSubtitle"),
            ],
            expected: NotificationCategory(identifier: "m", options: Set(CategoryOption.allCases))),
        Case(
            name: "action checkboxes become options",
            fields: [
                ("identifier", "m"), ("actions[0][identifier]", "a"), ("actions[0][title]", "A"),
                ("actions[0][options]", "destructive"), ("actions[0][options]", "authenticationRequired"),
            ],
            expected: NotificationCategory(
                identifier: "m",
                actions: [
                    NotificationAction(
                        identifier: "a", title: "A", options: [.destructive, .authenticationRequired])
                ])),
        Case(
            name: "text input only when checked",
            fields: [
                ("identifier", "m"), ("actions[0][identifier]", "a"), ("actions[0][title]", "A"),
                ("actions[0][buttonTitle]", "Send"), ("actions[0][placeholder]", "Type"),
            ],
            expected: NotificationCategory(
                identifier: "m", actions: [NotificationAction(identifier: "a", title: "A")])),
        Case(
            name: "checked text input keeps its button and placeholder",
            fields: [
                ("identifier", "m"), ("actions[0][identifier]", "a"), ("actions[0][title]", "A"),
                ("actions[0][textInput]", "on"), ("actions[0][buttonTitle]", "Send"),
                ("actions[0][placeholder]", ""),
            ],
            expected: NotificationCategory(
                identifier: "m",
                actions: [
                    NotificationAction(identifier: "a", title: "A", textInput: TextInput(buttonTitle: "Send"))
                ])),
        Case(
            name: "empty rows are not actions, rows keep their posted order",
            fields: [
                ("identifier", "m"), ("actions[7][identifier]", "late"), ("actions[7][title]", "L"),
                ("actions[2][identifier]", ""), ("actions[2][title]", ""), ("actions[2][buttonTitle]", ""),
                ("actions[0][identifier]", "early"), ("actions[0][title]", "E"),
            ],
            expected: NotificationCategory(
                identifier: "m",
                actions: [
                    NotificationAction(identifier: "early", title: "E"),
                    NotificationAction(identifier: "late", title: "L"),
                ])),
        Case(
            name: "icons, intents, placeholder and summary",
            fields: [
                ("identifier", "m"), ("actions[0][identifier]", "d"), ("actions[0][title]", "D"),
                ("actions[0][systemImageName]", "trash"), ("actions[1][identifier]", "e"),
                ("actions[1][title]", "E"), ("actions[1][templateImageName]", "custom"),
                ("intentIdentifiers", "INSendMessageIntent, INStartCallIntent"),
                ("hiddenPreviewsBodyPlaceholder", "%u nových zpráv"), ("categorySummaryFormat", ""),
            ],
            expected: NotificationCategory(
                identifier: "m",
                actions: [
                    NotificationAction(identifier: "d", title: "D", icon: .systemImage("trash")),
                    NotificationAction(identifier: "e", title: "E", icon: .templateImage("custom")),
                ],
                intentIdentifiers: ["INSendMessageIntent", "INStartCallIntent"],
                hiddenPreviewsBodyPlaceholder: "%u nových zpráv")),
        Case(
            name: "text is kept exactly, hostile or not",
            fields: [
                ("identifier", " <script>alert(1)</script>"), ("actions[0][identifier]", "\"\u{301}"),
                ("actions[0][title]", "שלום 👩‍👩‍👧 <\u{338}"),
            ],
            expected: NotificationCategory(
                identifier: " <script>alert(1)</script>",
                actions: [NotificationAction(identifier: "\"\u{301}", title: "שלום 👩‍👩‍👧 <\u{338}")])),
        Case(
            name: "unknown field names are ignored",
            fields: [
                ("identifier", "m"), ("actions[x][title]", "X"), ("actions[1]title", "Y"), ("other", "Z"),
            ],
            expected: NotificationCategory(identifier: "m")),
    ]

    @Test(arguments: cases) func binds(_ testCase: Case) throws {
        #expect(try category(testCase.fields) == testCase.expected)
    }

    @Test func seedCategoryRoundTripsThroughTheForm() throws {
        var seed = CategoryFormPagesTests.seed
        seed.categorySummaryFormat = "%u more messages"
        seed.intentIdentifiers = ["INSendMessageIntent"]
        seed.actions.append(NotificationAction(identifier: "x", title: "X", icon: .templateImage("bin")))
        #expect(CategoryForm(seed).binding().category == seed)
    }

    @Test func addActionAppendsAnEmptyRowAndKeepsTheRest() throws {
        let (form, intent) = try decode([
            ("identifier", "x"), ("actions[0][title]", "<b>"), ("intent", "add-action"),
        ])
        #expect(intent == .addAction)
        let shown = form.applying(intent)
        #expect(shown.actions.count == 2)
        #expect(shown.actions[0].title == "<b>")
        #expect(shown.actions[1].isEmpty)
        #expect(shown.identifier == "x")
    }

    @Test func removeActionRemovesThePostedRowEvenWithGaps() throws {
        let (form, intent) = try decode([
            ("actions[0][title]", "first"), ("actions[4][title]", "second"), ("actions[9][title]", "third"),
            ("intent", "remove-action-4"),
        ])
        #expect(intent == .removeAction(1))
        #expect(form.applying(intent).actions.map(\.title) == ["first", "third"])
    }

    @Test func savingIsTheDefaultIntent() throws {
        #expect(try decode([("identifier", "x")]).intent == .save)
        #expect(try decode([("identifier", "x"), ("intent", "save")]).intent == .save)
    }

    @Test(arguments: [
        [("options", "CustomDismissAction")], [("actions[0][options]", "background")],
        [("intent", "launch-missiles")], [("intent", "remove-action-3")],
    ])
    func refusesValuesTheFormDoesNotHave(_ pairs: [(String, String)]) throws {
        let error = #expect(throws: HTTPError.self) { try decode(pairs) }
        #expect(error?.status == .badRequest)
    }

    @Test func bothIconsAreAnErrorOnTheIconField() throws {
        let binding = try decode([
            ("actions[0][identifier]", "a"), ("actions[0][title]", "A"),
            ("actions[0][systemImageName]", "trash"),
            ("actions[0][templateImageName]", "bin"),
        ]).form.binding()
        #expect(binding.messages.map(\.field) == [.icon(0)])
        #expect(binding.messages.map(\.severity) == [.error])
        #expect(binding.category.actions.first?.icon == nil)
    }

    @Test func problemsLandOnTheirFieldsAcrossEmptyRows() throws {
        let others = [NotificationCategory(identifier: "message")]
        let binding = try decode([
            ("identifier", "Message"), ("actions[0][identifier]", ""), ("actions[0][title]", ""),
            ("actions[1][identifier]", "reply"), ("actions[1][title]", " "), ("actions[1][textInput]", "on"),
            ("hiddenPreviewsBodyPlaceholder", "%d new"),
        ]).form.binding()
        let byField = Dictionary(grouping: binding.messages(amid: others), by: \.field)
        #expect(byField[.identifier]?.map(\.severity) == [.error], "a case collision is refused on the form")
        #expect(byField[.identifier]?.first?.text.contains("differs only in case") == true)
        #expect(byField[.actionTitle(1)]?.map(\.severity) == [.error])
        #expect(byField[.buttonTitle(1)]?.map(\.severity) == [.error])
        #expect(byField[.hiddenPreviewsBodyPlaceholder]?.map(\.severity) == [.warning])
        #expect(byField[.actionTitle(0)] == nil)
    }

    @Test func aNewCategoryWithATakenIdentifierIsAnError() throws {
        let binding = try decode([("identifier", "message")]).form.binding()
        let messages = binding.messages(amid: [NotificationCategory(identifier: "message")])
        #expect(messages.map(\.field) == [.identifier])
        #expect(messages.map(\.severity) == [.error])
    }

    @Test(arguments: [
        ("$.categories[2].identifier", CategoryFormField.identifier),
        ("$.categories[2].actions[1].title", .actionTitle(5)),
        ("$.categories[2].actions[0].textInput.buttonTitle", .buttonTitle(3)),
        ("$.categories[2].actions[1]", .action(5)),
        ("$.categories[2].actions[9].title", .form),
        ("$.categories[2].actions", .actions),
        ("$.categories[2].options[0]", .options),
        ("$.categories[2]", .form),
        ("$.categories[20].identifier", .form),
    ])
    func pathsMapToFields(_ path: String, _ field: CategoryFormField) {
        #expect(CategoryFormField(path: path, under: "$.categories[2]", rowOfAction: [3, 5]) == field)
    }
}
