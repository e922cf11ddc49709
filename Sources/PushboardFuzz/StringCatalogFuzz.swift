import Localization

/// The String Catalog target: the bytes are read as `Localizable.xcstrings` (a catalog that reads
/// must write back to a catalog that reads as the same one, as `strings export` promises), as a
/// `Localizable.strings` file and as a `.stringsdict` plist; each format string found is parsed
/// as the resolver parses it. The bytes are read as a zip archive too (issue 27's zip of
/// `*.lproj` folders: its directory, its entries inflated, the `.strings` files read).
enum StringCatalogFuzz {
    static func run(_ bytes: [UInt8]) {
        if let catalog = try? XCStringsReader().read(bytes) {
            let written = XCStringsWriter().text(catalog)
            guard let again = try? XCStringsReader().read(Array(written.utf8)),
                XCStringsWriter().text(again) == written
            else {
                fatalError("a catalog that reads does not read back from what it writes: \(written)")
            }
        }
        if let pairs = try? StringsFileReader().read(bytes) {
            for pair in pairs { _ = FormatParser.tokens(pair.value) }
        }
        _ = try? StringsDictReader().read(bytes)
        if let files = try? ZipArchive.files(bytes) {
            _ = try? LprojImport(sourceLanguage: "en").catalog(LprojImport.lprojFiles(files))
        }
    }
}
