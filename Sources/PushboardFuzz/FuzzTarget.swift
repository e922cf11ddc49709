import Access
import HTTPKit
import JSON
import NotificationKit
import Templates

/// One parser under the fuzzer: it gets arbitrary bytes and must answer, never crash, hang or
/// leak (AddressSanitizer and libFuzzer watch for all three).
enum FuzzTarget: String, CaseIterable {
    /// The strict JSON reader, and the validator's compact report of the same bytes.
    case json
    /// The `application/x-www-form-urlencoded` decoder.
    case form
    /// The query string as a request target carries it.
    case query
    /// The request target's path, decoded and routed.
    case path
    /// The template parser and renderer.
    case template
    /// The category config reader, and the writers of what it read.
    case categories
    /// The session cookie in a `Cookie` header.
    case cookie
    /// The bearer token in an `Authorization` header.
    case token
    /// The Live Activity type importer on Swift source, and the schema it writes read back.
    case activities
    /// The Live Activity JSON Schema reader, and the schema it writes read back.
    case activitySchema = "activity-schema"
    /// The payload templates: template strings parsed, values rendered into a fixed template.
    case payloadTemplate = "payload-template"
    /// The sample recipients, pasted or uploaded as JSON Lines or CSV, and quoted CSV read back.
    case samples
    /// The String Catalog readers: `.xcstrings` (written back and read again), `.strings`,
    /// `.stringsdict`, and the format strings they hold.
    case strings

    /// Feeds `bytes` to the parser.
    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .json:
            _ = JSONReader().read(bytes)
            // The report writer copies words past the end of what it keeps: under the sanitizer
            // with every diagnostic's text, escapes included.
            _ = Validator().validate(payload: bytes).json()
        case .form:
            _ = try? URLEncodedForm.decode(bytes)
        case .query:
            _ = Request(method: .get, target: "/q?" + text).queryItems.count
        case .path:
            _ = Self.router.respond(to: Request(method: .get, target: text))
        case .template:
            Self.render(text)
        case .categories:
            let (config, _) = CategoryConfig.read(bytes)
            if let config {
                _ = config.prettyJSON()
                _ = config.swiftRegistrationCode()
            }
        case .cookie:
            _ = SessionCookie.secret(inCookieHeader: text)
        case .token:
            _ = BearerToken.secret(inAuthorization: text)
        case .activities:
            Self.roundTrip(SwiftSourceImporter.importTypes(from: text).types)
        case .activitySchema:
            Self.roundTrip(ActivitySchemaReader.importTypes(from: bytes).types)
        case .payloadTemplate:
            PayloadTemplateFuzz.run(bytes)
        case .strings:
            StringCatalogFuzz.run(bytes)
        case .samples:
            SampleRecipientsFuzz.run(bytes)
        }
    }

    /// Every imported type must write a schema that reads back as itself: what the registry
    /// requires before it stores one, so a difference found here is a type nobody can save.
    private static func roundTrip(_ types: [ActivityAttributesType]) {
        for type in types {
            let json = JSONWriter().string(type.schema)
            let again = ActivitySchemaReader.importTypes(from: Array(json.utf8)).types
            guard again == [type] else {
                fatalError("an imported activity type does not read back from its schema: \(json)")
            }
        }
    }

    private static let router: Router = {
        var builder = RouterBuilder()
        builder.get("/items/{id}") { _, parameters in Response(text: parameters["id"] ?? "") }
        builder.get("/items/{id}/parts/{part}") { _, _ in Response(text: "part") }
        builder.get("/fixed/path") { _, _ in Response(text: "fixed") }
        builder.mount("/static/") { request in Response(text: request.path) }
        do {
            return try builder.build()
        } catch {
            fatalError("the fuzz router's routes are fixed and valid: \(error)")
        }
    }()

    private static func render(_ source: String) {
        guard
            let library = try? TemplateLibrary(
                sources: [
                    "page": source, "layout": "<main>{{@content}}</main>", "partial": "<b>{{name}}</b>",
                ])
        else { return }
        let values: TemplateValue = [
            "name": "<\u{301}\"", "items": [["name": "a"], ["name": "b"]], "flag": true, "count": 3,
        ]
        _ = try? library.render("page", with: values)
        _ = try? library.render("page", in: "layout", with: values)
    }
}
