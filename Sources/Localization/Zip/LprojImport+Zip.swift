extension LprojImport {
    /// Whether `bytes` are a zip archive: they start with a local file header, "PK\u{3}\u{4}".
    public static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// The catalog of a zip of `*.lproj` folders named `sourceName`. A zip that does not read,
    /// or holds no `.strings` file, is a problem of the file at its start (line 1, column 1), so
    /// the page and the command line report it as they report any catalog that does not read.
    public func catalog(ofZip bytes: [UInt8], sourceName: String) throws(CatalogReadError) -> StringCatalog {
        let files: [(path: String, bytes: [UInt8])]
        do {
            files = Self.lprojFiles(try ZipArchive.files(bytes))
        } catch {
            throw CatalogReadError([
                CatalogProblem(file: sourceName, line: 1, column: 1, message: error.message)
            ])
        }
        guard !files.isEmpty else {
            throw CatalogReadError([
                CatalogProblem(
                    file: sourceName, line: 1, column: 1,
                    message: "the archive holds no *.lproj/*.strings files")
            ])
        }
        return try catalog(files)
    }

    /// The `*.lproj/*.strings` and `*.stringsdict` files among a zip archive's files
    /// (`ZipArchive.files`), each named `xx.lproj/NAME` however deep its folder lies in the
    /// archive (`App/Resources/cs.lproj/…`, as zipping a project folder gives).
    public static func lprojFiles(_ files: [(path: String, bytes: [UInt8])]) -> [(
        path: String, bytes: [UInt8]
    )] {
        files.compactMap { file in
            let parts = file.path.split(separator: "/")
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj"),
                parts[parts.count - 1].hasSuffix(".strings")
                    || parts[parts.count - 1].hasSuffix(".stringsdict")
            else { return nil }
            return (parts.suffix(2).joined(separator: "/"), file.bytes)
        }
    }
}
