extension LprojImport {
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
