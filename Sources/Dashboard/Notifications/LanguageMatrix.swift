import HTTPKit
import JSON
import Localization
import NotificationKit
import NotificationPreview

/// The language matrix of `POST /api/v1/preview?device=all&languages=…`: for each language of
/// the app's String Catalog, the payload's loc-keys resolved as iOS does and the matrix of every
/// device × surface (lines used, cut or not, the last characters shown), so one answer says
/// where each language gets cut.
///
/// Each language's content is resolved for the iPhone's device variation; the iPad, Mac and
/// watch rows use the same text (a key with device variations differs there).
struct LanguageMatrix {
    /// Each language with its matrix, in the order asked (the catalog's order for `all`).
    let matrices: [(language: String, matrix: PreviewMatrix)]

    /// The matrices given, one per language (a notification's variants, `VariantMatrix`).
    init(matrices: [(language: String, matrix: PreviewMatrix)]) {
        self.matrices = matrices
    }

    /// The matrix of `content` in each of `languages`.
    init(
        _ content: PreviewContent, catalog: StringCatalog, languages: [String], hiddenPreviews: Bool,
        version: PreviewVersion
    ) {
        matrices = languages.map { language in
            let localized = content.localized(in: catalog, language: language, device: .default)
            return (language, PreviewMatrix(localized, hiddenPreviews: hiddenPreviews, version: version))
        }
    }

    /// The catalog and the languages the `languages` query names: `all` (the catalog's), or a
    /// comma-separated list of the catalog's languages; nil without the query. A language the
    /// catalog lacks is a 400 naming it, and so is the query without a catalog.
    static func asked(_ request: Request, catalog: StringCatalog?) throws(HTTPError) -> (
        catalog: StringCatalog, languages: [String]
    )? {
        guard let text = request.queryItems["languages"] else { return nil }
        guard let catalog else {
            throw HTTPError(
                .invalidParameter,
                message:
                    "Query parameter \"languages\" needs the app's String Catalog: PUT /api/v1/strings first."
            )
        }
        if text == "all" { return (catalog, catalog.languages) }
        let asked = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let unknown = asked.first(where: { !catalog.languages.contains($0) }) {
            throw HTTPError(
                .invalidParameter,
                message: "Query parameter \"languages\" must be all or languages of the catalog ("
                    + catalog.languages.joined(separator: ", ") + "), not \"\(unknown)\".")
        }
        return (catalog, asked)
    }

    /// `{"report": …, "languages": [{"language": "cs", "matrix": {…}}, …]}`.
    func jsonBytes(report: ValidationReport) -> [UInt8] {
        var out = Array(#"{"report":"#.utf8)
        out += Array(report.json().utf8)
        out += Array(#","languages":["#.utf8)
        for (index, entry) in matrices.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"language":"#.utf8)
            out += JSONWriter().bytes(.string(entry.language))
            out += Array(#","matrix":"#.utf8)
            out += entry.matrix.jsonBytes(report: nil)
            out.append(UInt8(ascii: "}"))
        }
        out += Array("]}".utf8)
        return out
    }

    /// One table per language under its tag, for a ticket.
    func table() -> String {
        matrices.map { "[\($0.language)]\n" + $0.matrix.table() }.joined(separator: "\n")
    }
}
