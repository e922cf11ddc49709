import APNs
import APNsWorkspace
import Foundation
import HTTPKit
import Storage
import Templates

/// `/settings/apns` (admins only): the workspace's APNs credentials. An upload is a multipart
/// form (the .p8, .p12 or PEM file and its fields); each refusal shows at its field. The secret
/// is sealed before it is stored and never shown again: the list, the audit trail (which names
/// the key by its Key ID) and every answer carry only its description.
struct APNsKeyPages: Sendable {
    let vault: CredentialVault
    let pages: PageRenderer

    /// The largest credential file read.
    static let maximumFileBytes = 256 * 1024

    /// Adds the page, the upload and the removal.
    func register(in router: inout DashboardRoutes) {
        router.get("/settings/apns", .admin) { request, _ in
            try page(errors: [:], entered: [:], flash: request.queryItems["done"])
        }
        router.post("/settings/apns", .admin) { request, _ in try upload(request) }
        router.post("/settings/apns/{id}/remove", .admin) { request, parameters in
            guard let removed = try vault.remove(parameters["id"] ?? "") else {
                throw HTTPError(
                    .notFound, message: "No APNs credential has this id; it may have been removed already.")
            }
            AuditedChanges.note("apns-key.remove", object: "/settings/apns", detail: removed.displayName)
            return Response(redirectTo: "/settings/apns?done=removed")
        }
    }

    private func upload(_ request: Request) throws -> Response {
        let form = try request.multipartForm()
        let text = { (name: String) in form[name]?.text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        let entered = [
            "kind": text("kind"), "keyID": text("keyID"), "teamID": text("teamID"),
            "environments": text("environments"), "bundleID": text("bundleID"),
        ]
        let file = form["file"]?.body ?? []
        var errors: [String: String] = [:]
        if file.isEmpty {
            errors[entered["kind"] == "certificate" ? "certificate" : "key"] = "Choose the file to upload."
        } else if file.count > Self.maximumFileBytes {
            errors[entered["kind"] == "certificate" ? "certificate" : "key"] =
                "The file is \(file.count) bytes; a key or certificate is at most \(Self.maximumFileBytes)."
        }
        let upload: CredentialUpload?
        switch entered["kind"] {
        case "certificate":
            let password = form["password"]?.text ?? ""
            let isPEM = String(decoding: file.prefix(4096), as: UTF8.self).contains("-----BEGIN")
            upload = isPEM ? .pem(bytes: file) : .p12(bytes: file, password: password)
        default:
            let environments = APNsKeyScope.Environments(rawValue: entered["environments"] ?? "")
            if environments == nil {
                errors["environments"] =
                    "Choose the environments the key was issued for (Apple shows it with the key)."
            }
            let bundle = entered["bundleID"] ?? ""
            upload = .token(
                p8: file, keyID: entered["keyID"] ?? "", teamID: entered["teamID"] ?? "",
                scope: APNsKeyScope(
                    environments: environments ?? .both, bundleID: bundle.isEmpty ? nil : bundle))
        }
        if errors.isEmpty, let upload {
            do {
                let stored = try vault.add(upload, by: Author.name(of: request))
                AuditedChanges.note(
                    "apns-key.add", object: "/settings/apns",
                    detail: "\(stored.kind) \(stored.displayName) (\(stored.environments))")
                return Response(redirectTo: "/settings/apns?done=added")
            } catch .field(let field, let message) {
                errors[field == "scope" ? "bundleID" : field] = message
            } catch {
                errors["form"] = error.description
            }
        }
        var response = try page(errors: errors, entered: entered, flash: nil)
        response.status = .unprocessableContent
        return response
    }

    private func page(errors: [String: String], entered: [String: String], flash: String?) throws -> Response
    {
        let credentials = try vault.list().map { stored -> TemplateValue in
            var scope =
                stored.environments == "both" ? "Sandbox and production" : stored.environments.capitalized
            if stored.kind == "token" {
                scope += stored.bundleID.map { ", only \($0)" } ?? ", every topic of the team"
            }
            return .object([
                "id": .string(stored.id), "name": .string(stored.displayName),
                "kind": .string(
                    stored.kind == "token" ? "Token key (.p8)" : "Certificate (.\(stored.format))"),
                "team": .string(stored.teamID ?? "—"), "scope": .string(scope),
                "topics": .string(stored.topics.isEmpty ? "—" : stored.topics.joined(separator: ", ")),
                "expires": .string(stored.expiresAt ?? "never"), "addedBy": .string(stored.createdBy),
                "addedAt": .string(Timestamp.readable(stored.createdAt)),
            ])
        }
        let kind = entered["kind"] ?? "token"
        let values: [String: TemplateValue] = [
            "credentials": .list(credentials), "hasCredentials": .bool(!credentials.isEmpty),
            "errors": .object(errors.mapValues(TemplateValue.string)),
            "invalid": .bool(!errors.isEmpty), "keyID": .string(entered["keyID"] ?? ""),
            "teamID": .string(entered["teamID"] ?? ""), "bundleID": .string(entered["bundleID"] ?? ""),
            "certificateKind": .bool(kind == "certificate"),
            "environments": .object([(entered["environments"] ?? "both"): .bool(true)]),
            "flash": flash.map { .list([["kind": "success", "text": .string("APNs key \($0).")]]) }
                ?? .list([]),
        ]
        return try pages.page("sending/apns-keys", title: "APNs keys", section: .settings, values: values)
    }
}
