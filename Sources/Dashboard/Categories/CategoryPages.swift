import HTTPKit
import NotificationKit
import Registry
import Storage
import Templates

/// The category pages of CONTRACT §7: the registry as a table with its downloads and an import
/// form, and the category form that creates, edits, renames and deletes one category.
///
/// Everything works without JavaScript: "Add action" and "Remove action" are submit buttons that
/// show the form again with the posted values; `Public/categories.js` only saves the round trip.
/// Every change is a POST (the dashboard's origin check refuses cross-site ones) answered with a
/// 303 to a page, or with the form again (422) and each message next to its field.
struct CategoryPages: Sendable {
    /// Where the registry lives.
    let store: Store
    /// The registry's one owner: snapshots to read, revision-checked writes.
    let catalog: CategoryCatalog
    /// Renders the pages inside the layout.
    let pages: PageRenderer

    /// Adds the category page routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/categories", .viewer) { request, _ in try listPage(request) }
        router.post("/categories", .editor) { request, _ in try importConfig(request) }
        router.get("/categories/download/config.json", .viewer) { _, _ in try downloadConfig() }
        router.get("/categories/download/Categories.swift", .viewer) { _, _ in try downloadSwiftCode() }
        router.get("/categories/new", .editor) { _, _ in
            try formPage(CategoryFormView(form: CategoryForm()))
        }
        router.post("/categories/new", .editor) { request, _ in try submit(request, editing: nil) }
        router.get("/categories/{identifier}", .viewer) { request, parameters in
            try editPage(request, identifier: parameters.require("identifier"))
        }
        router.post("/categories/{identifier}", .editor) { request, parameters in
            try submit(request, editing: parameters.require("identifier"))
        }
        router.post("/categories/{identifier}/delete", .editor) { request, parameters in
            try delete(request, identifier: parameters.require("identifier"))
        }
        registerHistory(in: &router)
    }

    /// The address of a category's form, its identifier percent-encoded as one path segment.
    static func address(of identifier: String) -> String {
        "/categories/" + percentEncoded(identifier)
    }

    /// `text` with every byte but the URL-unreserved ones as `%XX`: safe as a path segment and
    /// as a query value.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// The fields of a posted form: 415 unless the body is a URL-encoded form, 400 naming each
    /// field that is not valid percent-encoded UTF-8.
    static func formFields(of request: Request) throws -> FormFields {
        if let type = request.mediaType, type != "application/x-www-form-urlencoded" {
            throw HTTPError(
                .unsupportedMediaType,
                message: "Send the form as application/x-www-form-urlencoded (got \(type)).")
        }
        return try request.formFields()
    }

    /// Whether two identifiers are the same key (`CategoryKey`: bytes, like the store and iOS).
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        CategoryKey.same(lhs, rhs)
    }
}
