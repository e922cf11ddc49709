import HTTPKit
import JSON
import NotificationKit
import Personalization
import Registry
import Storage

/// `/api/v1/notifications/{id}/variables` and `…/render` (issue 28): a saved notification as a
/// payload template — its declared variables and sample recipients, and the exact validated
/// payload for one recipient or a JSON Lines stream of them (docs/templates.md).
struct PersonalizationAPI: Sendable {
    let notifications: NotificationStore
    let variables: TemplateVariableStore
    /// The registry every rendered payload's category is checked against.
    let catalog: CategoryCatalog

    func register(in router: inout DashboardRoutes) {
        router.get("/api/v1/notifications/{id}/variables", .viewer) { _, parameters in
            try Self.answering {
                let (template, stored) = try load(try parameters.require("id"))
                return APIResponse.json(try describe(template, stored: stored))
            }
        }
        router.put("/api/v1/notifications/{id}/variables", .editor) { request, parameters in
            try Self.answering { try save(request, id: try parameters.require("id")) }
        }
        router.post("/api/v1/notifications/{id}/render", .viewer) { request, parameters in
            try Self.answering { try render(request, id: try parameters.require("id")) }
        }
    }

    /// Runs `body`, answering a template that cannot be used as 422 with its diagnostics.
    private static func answering(_ body: () throws -> Response) throws -> Response {
        do {
            return try body()
        } catch let refusal as TemplateRefusal {
            return APIError.response(refusal.httpError, diagnostics: refusal.diagnostics)
        }
    }

    /// Stores the declarations and samples after checking them, then answers as GET does.
    private func save(_ request: Request, id: String) throws -> Response {
        do {
            let body = try JSONRequestBody(request)
            let declared = body.root.value["variables"]?.value ?? .array([])
            switch VariableDeclaration.declarations(from: declared) {
            case .failure(let faults): throw TemplateRefusal(faults.diagnostics)
            case .success(let found):
                let faults = VariableDeclaration.faults(of: found)
                if !faults.isEmpty { throw TemplateRefusal(faults) }
            }
            let samples = body.root.value["samples"]?.value ?? .array([])
            guard samples.arrayElements?.allSatisfy({ $0.value.objectMembers != nil }) == true else {
                throw APIError.invalidField("samples is an array of objects of values.")
            }
            guard
                try variables.save(
                    id: id, variables: JSONWriter().string(declared), samples: JSONWriter().string(samples),
                    by: Author.name(of: request))
            else { throw HTTPError(.notFound, message: "No notification \(id).") }
            let (template, stored) = try load(id)
            return APIResponse.json(try describe(template, stored: stored))
        }
    }

    /// One recipient (a JSON object: 200 or 422 with the report) or a JSON Lines stream of them
    /// (`application/x-ndjson`: one result line per input line, in order).
    private func render(_ request: Request, id: String) throws -> Response {
        do {
            let (template, _) = try load(id)
            let line = RecipientLine(
                template: template, validator: Validator(registry: try catalog.snapshot().lookup))
            if request.mediaType == "application/x-ndjson" {
                return try RecipientStream.respond(request.body, line: line)
            }
            let body = try JSONRequestBody(request)
            let result = template.render(recipient: body.root.value, validator: line.validator)
            var bytes: [UInt8] = []
            RecipientLine.write(result, number: nil, to: &bytes)
            bytes.removeLast()  // the newline a line ends with
            return Response(json: bytes, status: result.report.valid ? .ok : .unprocessableContent)
        }
    }

    /// The notification's template and its stored variables; 404 when there is no notification,
    /// 422 with the diagnostics when its strings or declarations cannot be used.
    private func load(_ id: String) throws -> (PayloadTemplate, StoredTemplateVariables?) {
        guard let notification = try notifications.notification(id: id) else {
            throw HTTPError(.notFound, message: "No notification \(id).")
        }
        let stored = try variables.variables(of: id)
        var declarations: [VariableDeclaration] = []
        if let stored, let declared = JSONReader().read(stored.variables).root?.value {
            switch VariableDeclaration.declarations(from: declared) {
            case .success(let found): declarations = found
            case .failure(let faults): throw TemplateRefusal(faults.diagnostics)
            }
        }
        let headers = APNsHeaders(storedJSON: notification.headers).dictionary
        let compiled = PayloadTemplate.compile(
            payload: Array(notification.payload.utf8), headers: headers, variables: declarations)
        guard let template = compiled.template else { throw TemplateRefusal(compiled.diagnostics) }
        return (template, stored)
    }

    /// The variables, samples, worst case and template findings as the API answers them.
    private func describe(_ template: PayloadTemplate, stored: StoredTemplateVariables?) throws -> JSONValue {
        let worst = WorstCase(template, validator: Validator(registry: try catalog.snapshot().lookup))
        var size = JSONObjectBuilder()
        size.set("example", worst.exampleBytes)
        size.set("worst", worst.worstBytes)
        size.set("limit", worst.limit)
        size.set("summary", worst.summary)
        var object = JSONObjectBuilder()
        object.set("variables", .list(template.variables.map(\.jsonValue)))
        object.set("samples", stored.flatMap { JSONReader().read($0.samples).root?.value } ?? .array([]))
        object.set("worstCase", size.value)
        object.set("diagnostics", .list(worst.diagnostics(template).map(\.jsonValue)))
        return object.value
    }
}
