import Foundation
import HTTPKit
import NotificationKit
import Templates
import Testing

@testable import Dashboard

/// The category pages driven in-process: the real templates, router, origin check and store.
@Suite struct CategoryFormPagesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let seed = NotificationCategory(
        identifier: "message",
        actions: [
            NotificationAction(
                identifier: "reply", title: "Odpovědět", options: [.foreground],
                textInput: TextInput(buttonTitle: "Odeslat", placeholder: "Zadejte zprávu...")),
            NotificationAction(
                identifier: "delete", title: "Smazat", options: [.destructive], icon: .systemImage("trash")),
        ],
        options: [.customDismissAction], hiddenPreviewsBodyPlaceholder: "%u nových zpráv")

    static let seedFields: [(String, String)] = [
        ("identifier", "message"),
        ("actions[0][identifier]", "reply"), ("actions[0][title]", "Odpovědět"),
        ("actions[0][options]", "foreground"), ("actions[0][textInput]", "on"),
        ("actions[0][buttonTitle]", "Odeslat"), ("actions[0][placeholder]", "Zadejte zprávu..."),
        ("actions[1][identifier]", "delete"), ("actions[1][title]", "Smazat"),
        ("actions[1][options]", "destructive"), ("actions[1][systemImageName]", "trash"),
        ("actions[2][identifier]", ""), ("actions[2][title]", ""),
        ("options", "customDismissAction"), ("hiddenPreviewsBodyPlaceholder", "%u nových zpráv"),
        ("intent", "save"),
    ]

    /// A dashboard over a fresh data directory, removed afterwards.
    private func withDashboard(_ body: (Dashboard) throws -> Void) throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catpages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try body(
            Dashboard(
                configuration: DashboardConfiguration(dataDirectory: data.path))
        )
    }

    private func post(
        _ dashboard: Dashboard, _ target: String, _ fields: [(String, String)], origin: String? = nil
    ) -> Response {
        let body = fields.map {
            PercentEncoding.encoded($0.0) + "=" + PercentEncoding.encoded($0.1)
        }
        .joined(separator: "&")
        var headers: HTTPHeaders = [
            "Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded",
        ]
        if let origin { headers.add(name: "Origin", value: origin) }
        return dashboard.respond(
            to: Request(
                method: .post, target: target, headers: headers, body: Array(body.utf8), remoteAddress: "::1")
        )
    }

    private func get(_ dashboard: Dashboard, _ target: String) -> Response {
        dashboard.respond(to: Request(method: .get, target: target, headers: ["Host": "127.0.0.1:8080"]))
    }

    private func registry(_ dashboard: Dashboard) -> [NotificationCategory] {
        CategoryConfig.read(get(dashboard, "/api/v1/categories").body).config?.categories ?? []
    }

    private func text(_ response: Response) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test func savingTheSeedCategoryStoresExactlyWhatWasTyped() throws {
        try withDashboard { dashboard in
            let response = post(
                dashboard, "/categories/new", Self.seedFields, origin: "http://127.0.0.1:8080")
            #expect(response.status == .seeOther)
            #expect(response.headers["Location"] == "/categories/message?saved=1")
            #expect(registry(dashboard) == [Self.seed])
            let page = text(get(dashboard, "/categories/message?saved=1"))
            #expect(page.contains(#"<p class="message message-success" role="status">Saved.</p>"#))
            #expect(page.contains(#"value="Zadejte zprávu...""#))
        }
    }

    @Test func aCaseCollidingIdentifierIsRefusedNextToIdentifier() throws {
        try withDashboard { dashboard in
            _ = post(dashboard, "/categories/new", Self.seedFields)
            var fields = Self.seedFields
            fields[0] = ("identifier", "Message")
            fields[1] = ("actions[0][identifier]", "reply-2")
            fields[7] = ("actions[1][identifier]", "delete-2")
            let response = post(dashboard, "/categories/new", fields)
            #expect(response.status == .unprocessableContent)
            let page = text(response)
            #expect(
                page.contains(
                    #"value="Message" autocomplete="off" aria-invalid="true" aria-describedby="category-identifier-hint category-identifier-messages">"#
                ))
            let messages = page.components(separatedBy: #"id="category-identifier-messages">"#).last ?? ""
            #expect(messages.prefix(300).contains("differs only in case from &quot;message&quot;"))
            #expect(page.contains(#"value="reply-2""#), "the typed input comes back")
            #expect(registry(dashboard) == [Self.seed])
        }
    }

    @Test func aCrossSitePostChangesNothing() throws {
        try withDashboard { dashboard in
            let response = post(dashboard, "/categories/new", Self.seedFields, origin: "http://evil.example")
            #expect(response.status == .forbidden)
            #expect(registry(dashboard).isEmpty)
        }
    }

    @Test func addActionWithoutScriptShowsOneMoreRowAndSavesNothing() throws {
        try withDashboard { dashboard in
            var fields = Self.seedFields
            fields[fields.count - 1] = ("intent", "add-action")
            let response = post(dashboard, "/categories/new", fields)
            #expect(response.status == .ok)
            let page = text(response)
            #expect(
                page.contains(
                    #"id="action-3-identifier" name="actions[3][identifier]" value="" autocomplete="off" autofocus>"#
                ))
            #expect(page.contains(#"value="Odpovědět""#))
            #expect(registry(dashboard).isEmpty)
        }
    }

    @Test func renamingReplacesTheCategoryInPlaceAndDeleteRemovesIt() throws {
        try withDashboard { dashboard in
            _ = post(dashboard, "/categories/new", [("identifier", "first")])
            _ = post(dashboard, "/categories/new", Self.seedFields)
            _ = post(dashboard, "/categories/new", [("identifier", "last")])
            var fields = Self.seedFields
            fields[0] = ("identifier", "chat ✓")
            let renamed = post(dashboard, "/categories/message", fields)
            #expect(renamed.status == .seeOther)
            #expect(renamed.headers["Location"] == "/categories/chat%20%E2%9C%93?saved=1")
            #expect(registry(dashboard).map(\.identifier) == ["first", "chat ✓", "last"])
            let deleted = post(dashboard, "/categories/chat%20%E2%9C%93/delete", [])
            #expect(deleted.status == .seeOther)
            #expect(registry(dashboard).map(\.identifier) == ["first", "last"])
            #expect(get(dashboard, "/categories/chat%20%E2%9C%93").status == .notFound)
            #expect(post(dashboard, "/categories/chat%20%E2%9C%93/delete", []).status == .notFound)
        }
    }

    @Test func downloadsAreAttachments() throws {
        try withDashboard { dashboard in
            _ = post(dashboard, "/categories/new", Self.seedFields)
            let config = get(dashboard, "/categories/download/config.json")
            #expect(config.headers["Content-Disposition"] == #"attachment; filename="categories.json""#)
            #expect(CategoryConfig.read(config.body).config?.categories == [Self.seed])
            let swift = get(dashboard, "/categories/download/Categories.swift")
            #expect(swift.headers["Content-Disposition"] == #"attachment; filename="Categories.swift""#)
            #expect(text(swift) == CategoryConfig(categories: [Self.seed]).swiftRegistrationCode())
        }
    }

    @Test func importReplacesTheRegistryOrKeepsThePastedText() throws {
        try withDashboard { dashboard in
            let good = CategoryConfig(categories: [Self.seed]).prettyJSON()
            let dryRun = post(dashboard, "/categories", [("config", good)])
            #expect(dryRun.status == .ok)
            #expect(text(dryRun).contains("Dry run: this import adds \(Self.seed.identifier)"))
            #expect(registry(dashboard) == [])
            let edited = post(
                dashboard, "/categories",
                [("config", good + " "), ("plannedConfig", good), ("confirmRevision", "0")])
            #expect(edited.status == .ok, "a confirmation of other text only shows its plan")
            #expect(registry(dashboard) == [])
            let imported = post(
                dashboard, "/categories",
                [("config", good), ("plannedConfig", good), ("confirmRevision", "0")])
            #expect(imported.status == .seeOther)
            #expect(registry(dashboard) == [Self.seed])
            let removing = post(dashboard, "/categories", [("config", #"{"categories": []}"#)])
            #expect(text(removing).contains("Removes <code>\(Self.seed.identifier)</code>"))
            #expect(registry(dashboard) == [Self.seed])
            let bad = #"{"categories": [{"identifier": "<b>x</b>", "actions": [{"identifier": "a"}]}]}"#
            let refused = post(dashboard, "/categories", [("config", bad)])
            #expect(refused.status == .unprocessableContent)
            #expect(text(refused).contains("&quot;identifier&quot;: &quot;&lt;b&gt;x&lt;/b&gt;&quot;"))
            #expect(text(refused).contains("The action has no &quot;title&quot;."))
            #expect(registry(dashboard) == [Self.seed])
        }
    }

    @Test func hostileTextIsEscapedInTheRenderedForm() throws {
        let library = try TemplateLibrary(directory: Self.root + "/templates", missing: .error)
        var form = CategoryForm()
        form.identifier = "<script>alert(1)</script>"
        var action = CategoryFormAction()
        action.title = "\"\u{301} <\u{338} שלום עולם 👩‍👩‍👧‍👦"
        action.placeholder = "' onfocus='alert(1)"
        form.actions = [action]
        let view = CategoryFormView(
            form: form,
            messages: [CategoryFormMessage(field: .actionTitle(0), severity: .warning, text: "<i>x</i>")])
        var values = view.values()
        values["title"] = "t"
        values["heading"] = "h"
        values["current"] = ["categories": true]
        values["flash"] = []
        let html = try library.render("categories/form", in: "layout", with: .object(values))
        #expect(html.contains(#"value="&lt;script&gt;alert(1)&lt;/script&gt;""#))
        #expect(html.contains("value=\"&quot;\u{301} &lt;\u{338} שלום עולם 👩‍👩‍👧‍👦\""))
        #expect(html.contains(#"value="&#39; onfocus=&#39;alert(1)""#))
        #expect(html.contains("Warning: &lt;i&gt;x&lt;/i&gt;"))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<i>x"))
    }

    @Test func summaryListsErrorsFirstInPageOrderWithLinksToTheirFields() throws {
        var form = CategoryForm()
        form.actions = [CategoryFormAction(), CategoryFormAction()]
        let messages = [
            CategoryFormMessage(
                field: .hiddenPreviewsBodyPlaceholder, severity: .warning, text: "W-placeholder"),
            CategoryFormMessage(field: .icon(1), severity: .error, text: "E-icon-1"),
            CategoryFormMessage(field: .actionTitle(0), severity: .error, text: "E-title-0"),
            CategoryFormMessage(field: .identifier, severity: .error, text: "E-identifier"),
        ]
        guard
            case .object(let summary) = CategoryFormView(form: form, messages: messages).values()["summary"],
            case .list(let items) = summary["items"]
        else {
            Issue.record("no summary")
            return
        }
        let shown = items.compactMap { item -> String? in
            guard case .object(let fields) = item, case .string(let text) = fields["text"],
                case .string(let target) = fields["target"]
            else { return nil }
            return text + "#" + target
        }
        #expect(
            shown == [
                "E-identifier#category-identifier", "E-title-0#action-0-title", "E-icon-1#action-1-icon",
                "W-placeholder#category-hidden-previews-placeholder",
            ])
        #expect(summary["role"] == "alert")
    }
}
