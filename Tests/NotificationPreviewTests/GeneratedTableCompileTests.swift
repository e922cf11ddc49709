import Foundation
import Testing

/// The generated width tables must stay cheap to compile (they are plain typed integer arrays).
struct GeneratedTableCompileTests {
    @Test func generatedFileCompilesInUnderTenSeconds() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/NotificationPreview/Generated/GlyphWidths.swift")
            .standardized
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("GlyphWidths-\(UUID()).o")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-c", "-Onone", "-parse-as-library", "-swift-version", "6", "-module-name", "Tables",
            source.path, "-o", output.path,
        ]
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        #expect(process.terminationStatus == 0)
        #expect(seconds < 10, "compiling the generated tables took \(seconds) s")
    }
}
