import Foundation
import HTTPKit
import JSON
import NotificationKit

/// The body of `POST`/`PUT /api/v1/notifications`, bound field by field (DESIGN rule 6).
///
/// The payload is kept as the exact text the client sent for it (its span in the body), so what
/// is saved, validated and exported is byte for byte what the client wrote.
struct NotificationInput {
    static let maximumNameLength = 200

    let name: String
    /// The APNs headers as compact JSON object text, only the six known names.
    let headersText: String
    /// The payload's exact text.
    let payloadText: String
    /// The per-language variants as the store keeps them (issue 27, an addition to CONTRACT §3);
    /// nil when the body has no `variants`, which on a `PUT` keeps the saved ones.
    let variantsText: String?

    /// Binds the body; 415/400 for a body that is not JSON, 422 naming the field otherwise.
    init(_ request: Request) throws(HTTPError) {
        let body = try JSONRequestBody(request)
        guard let members = body.root.value.objectMembers else {
            throw APIError.invalidField(
                "The body must be a JSON object with \"name\", \"headers\" and \"payload\".")
        }
        for member in members where !["name", "headers", "payload", "variants"].contains(member.key) {
            throw APIError.invalidField(
                "\"\(member.key)\" is not a field of a notification (expected name, headers, payload, variants)."
            )
        }
        guard let name = body.root["name"]?.value.stringValue else {
            throw APIError.invalidField("\"name\" must be a string.")
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= Self.maximumNameLength else {
            throw APIError.invalidField(
                "\"name\" must not be empty and at most \(Self.maximumNameLength) characters long.")
        }
        guard let payload = body.root["payload"], payload.value.objectMembers != nil else {
            throw APIError.invalidField("\"payload\" must be a JSON object (the APNs payload).")
        }
        self.name = trimmed
        self.headersText = try Self.headersText(body.root["headers"])
        self.payloadText = String(decoding: body.bytes[payload.span.start..<payload.span.end], as: UTF8.self)
        if let variants = body.root["variants"] {
            self.variantsText = try Self.variantsText(variants.value)
        } else {
            self.variantsText = nil
        }
    }

    /// The stored text of a `variants` member: 422 `invalid-language-tag` for a bad tag, 422
    /// `invalid-field` for any other shape problem.
    private static func variantsText(_ value: JSONValue) throws(HTTPError) -> String {
        do {
            return try NotificationVariants(value).storedText
        } catch {
            if case .badTag = error {
                throw HTTPError(.invalidLanguageTag, message: error.message)
            }
            throw APIError.invalidField(error.message)
        }
    }

    private static func headersText(_ node: JSONNode?) throws(HTTPError) -> String {
        guard let node else { return "{}" }
        guard let members = node.value.objectMembers else {
            throw APIError.invalidField("\"headers\" must be an object of APNs request headers.")
        }
        var headers = JSONObjectBuilder()
        for member in members {
            guard APNsHeaders.names.contains(member.key) else {
                throw APIError.invalidField(
                    "\"headers.\(member.key)\" is not an APNs header (expected one of \(APNsHeaders.names.joined(separator: ", ")))."
                )
            }
            guard let value = member.value.value.stringValue else {
                throw APIError.invalidField("\"headers.\(member.key)\" must be a string.")
            }
            headers.set(member.key, value)
        }
        return JSONWriter().string(headers.value)
    }
}
