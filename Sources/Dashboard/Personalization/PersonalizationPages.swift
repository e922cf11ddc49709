import HTTPKit
import JSON
import NotificationKit
import NotificationPreview
import Personalization
import Registry
import Storage
import Templates

/// `/notifications/{id}/variables` (issue 28): declare a notification's template variables,
/// see the worst case (bytes and cuts), type or import sample recipients and preview the
/// notification as each one gets it. Plain form posts and links: works without JavaScript.
struct PersonalizationPages: Sendable {
    let notifications: NotificationStore
    let variables: TemplateVariableStore
    let catalog: CategoryCatalog
    let pages: PageRenderer

    func register(in router: inout DashboardRoutes) {
        router.get("/notifications/{id}/variables", .viewer) { request, parameters in
            let id = try parameters.require("id")
            let recipient = request.queryItems["recipient"].flatMap { Int($0) }
            return try page(id, form: nil, recipient: recipient, saved: request.queryItems["saved"] != nil)
        }
        router.post("/notifications/{id}/variables", .editor) { request, parameters in
            try submit(request, id: try parameters.require("id"))
        }
        router.post("/notifications/{id}/variables/samples", .editor) { request, parameters in
            try importSamples(request, id: try parameters.require("id"))
        }
    }

    private func submit(_ request: Request, id: String) throws -> Response {
        try save(VariablesForm(try request.urlEncodedForm()), id: id, by: request)
    }

    /// "Import sample recipients": a chosen CSV or JSON Lines file replaces the samples, read
    /// as the Sample recipients box reads them and checked against the saved declarations; a
    /// file that does not read is refused with its fault and nothing changes.
    private func importSamples(_ request: Request, id: String) throws -> Response {
        let file = try request.multipartForm()["file"]
        guard let file, !file.body.isEmpty else {
            throw HTTPError(.badRequest, message: "Choose a CSV or JSON Lines file of sample recipients.")
        }
        guard let text = file.text else {
            throw HTTPError(.badRequest, message: "The file of sample recipients is not UTF-8 text.")
        }
        return try save(
            VariablesForm(stored: try variables.variables(of: id), samplesText: text), id: id, by: request)
    }

    /// Saves `form`, or shows it again with its faults (422) when it has any.
    private func save(_ form: VariablesForm, id: String, by request: Request) throws -> Response {
        guard case .success(let stored) = form.stored else {
            var response = try page(id, form: form, recipient: nil, saved: false)
            response.status = .unprocessableContent
            return response
        }
        guard
            try variables.save(
                id: id, variables: stored.variables, samples: stored.samples, by: Author.name(of: request))
        else { throw HTTPError(.notFound, message: "No notification \(id).") }
        return Response(redirectTo: "/notifications/\(id)/variables?saved=1")
    }

    private func page(_ id: String, form: VariablesForm?, recipient: Int?, saved: Bool) throws -> Response {
        guard let notification = try notifications.notification(id: id) else {
            throw HTTPError(.notFound, message: "No notification \(id).")
        }
        let stored = try variables.variables(of: id)
        let form = form ?? VariablesForm(stored: stored)
        var values: [String: TemplateValue] = [
            "id": .string(id), "name": .string(notification.name), "rows": .list(form.rowValues),
            "rowCount": .int(form.rowValues.count),
            "samples": .string(form.samplesText), "errors": .list(form.errors.map { .string($0) }),
            "invalid": .bool(!form.errors.isEmpty),
            "flash": saved ? .list([["kind": "success", "text": "Variables saved."]]) : .list([]),
        ]
        let validator = Validator(registry: try catalog.snapshot().lookup)
        let headers = APNsHeaders(storedJSON: notification.headers).dictionary
        let compiled = PayloadTemplate.compile(
            payload: Array(notification.payload.utf8), headers: headers, variables: form.declarations)
        values["templateErrors"] = .list(compiled.diagnostics.map(Self.finding))
        if let template = compiled.template {
            let worst = WorstCase(template, validator: validator)
            values["worst"] = [
                "summary": .string(worst.summary), "over": .bool(worst.bytesOver > 0),
                "findings": .list(worst.diagnostics(template).map(Self.finding)),
            ]
            values["preview"] = RecipientPreview(template: template, validator: validator)
                .value(samples: form.samples, selected: recipient)
        }
        return try pages.page(
            "personalization/variables", title: "Variables · \(notification.name)", section: .notifications,
            values: values)
    }

    /// A finding as the page lists it.
    static func finding(_ diagnostic: Diagnostic) -> TemplateValue {
        let place = diagnostic.line.map { " (line \($0), column \(diagnostic.column ?? 1))" } ?? ""
        return [
            "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code),
            "where": .string(diagnostic.path + place), "message": .string(diagnostic.message),
        ]
    }
}
