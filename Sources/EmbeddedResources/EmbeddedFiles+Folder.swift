import Foundation

extension EmbeddedFiles {
    /// The folders of the repository root that are embedded, as the build plugin lists them.
    public static let folders = ["templates", "Public", "api"]

    /// The same table read from a folder that holds `templates/`, `Public/` and `api/`: what
    /// `--resources DIR` serves, and what a test compares the embedded copy with.
    ///
    /// Hidden files are skipped, as the plugin skips them, and so is any file (or symlink) whose
    /// real path lies outside `root`, so a link in `Public/` cannot publish a file from elsewhere.
    public static func read(from root: String) throws -> [String: [UInt8]] {
        guard let realRoot = realPath(root) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: root])
        }
        let manager = FileManager.default
        var files: [String: [UInt8]] = [:]
        for folder in folders {
            let base = realRoot + "/" + folder
            guard let relativePaths = try? manager.subpathsOfDirectory(atPath: base) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: base])
            }
            for relative in relativePaths
            where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                guard let real = realPath(base + "/" + relative), real.hasPrefix(realRoot + "/"),
                    isRegularFile(real), let data = manager.contents(atPath: real)
                else { continue }
                files[folder + "/" + relative] = [UInt8](data)
            }
        }
        return files
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
