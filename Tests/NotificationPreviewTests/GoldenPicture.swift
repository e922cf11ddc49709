import Foundation
import Testing

/// Compares text pictures with the goldens committed under `Goldens/`; with
/// `UPDATE_GOLDENS=1` in the environment it rewrites them instead.
enum GoldenPicture {
    /// The directory of the committed goldens.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    /// Checks `picture` against `Goldens/<name>.<fileExtension>` (a text picture by default, or
    /// a JSON document).
    static func check(
        _ picture: String, named name: String, fileExtension: String = "txt",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = directory.appendingPathComponent(name + "." + fileExtension)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            #expect(throws: Never.self) { try picture.write(to: url, atomically: true, encoding: .utf8) }
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "Missing golden \(name).\(fileExtension); run with UPDATE_GOLDENS=1",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            picture == golden, "Golden \(name).\(fileExtension) differs:\n\(picture)",
            sourceLocation: sourceLocation)
    }
}
