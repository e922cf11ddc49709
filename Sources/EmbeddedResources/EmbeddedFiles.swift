import Foundation

/// The repository's `templates/`, `Public/` and `api/` as they were when the program was built,
/// so the installed binary serves its pages from any directory with nothing beside it.
///
/// The table is generated at build time by the `EmbedResources` plugin; a test checks that it
/// matches the files in the repository.
public enum EmbeddedFiles {
    /// The folders of the repository root that are embedded, as the build plugin lists them.
    public static let folders = ["templates", "Public", "api"]

    /// Every embedded file by its path relative to the repository root
    /// (`templates/layout.html`, `Public/pushboard.css`, `api/openapi.json`), decoded once.
    public static let all: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for entry in encoded {
            files[entry.path] = Data(base64Encoded: entry.base64).map { [UInt8]($0) } ?? []
        }
        return files
    }()
}

/// Facts fixed when the program was built.
public enum BuildInfo {
    /// The version from `git describe` at build time (`1.2.0`, `1.2.0-3-g1a2b3c4`, or
    /// `0.0.0-<commits>-g<hash>` before the first release tag; `-dirty` marks local edits).
    public static let version: String = describedVersion
}
