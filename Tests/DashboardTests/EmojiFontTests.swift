import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// The emoji font the previews fall back to: the system's file served under /static/emoji/,
/// a 404 (never a 500) when it is not installed, nothing else under that folder.
@Suite struct EmojiFontTests {
    private static func router(serving file: String) throws -> Router {
        var builder = DashboardRoutes()
        EmojiFont(file: file).register(in: &builder)
        return try builder.build { error, _ in APIError.response(error) }.router
    }

    private static func get(_ router: Router, _ target: String) -> Response {
        router.respond(to: Request(method: .get, target: target, remoteAddress: "127.0.0.1"))
    }

    @Test func theInstalledFileIsServedAsAFontForADay() throws {
        let file = NSTemporaryDirectory() + "pushboard-emoji-" + UUID().uuidString + ".ttf"
        let bytes: [UInt8] = [0, 1, 0, 0, 0, 16, 0, 128]
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let response = Self.get(try Self.router(serving: file), EmojiFont.path)
        #expect(response.status == .ok)
        #expect(response.body == bytes)
        #expect(response.headers["Content-Type"] == "font/ttf")
        #expect(response.headers["Cache-Control"] == "public, max-age=86400")
    }

    @Test func aMissingFileOrAnotherNameIsNotFound() throws {
        let missing = try Self.router(serving: "/nonexistent/NotoColorEmoji.ttf")
        #expect(Self.get(missing, EmojiFont.path).status == .notFound)
        let installed = try Self.router(serving: EmojiFont.defaultFile)
        #expect(Self.get(installed, EmojiFont.prefix + "../../etc/passwd").status != .ok)
        #expect(Self.get(installed, EmojiFont.prefix + "other.ttf").status == .notFound)
    }

    /// The stylesheet asks for the file where the dashboard serves it.
    @Test func thePreviewStylesheetNamesTheServedPath() throws {
        let css = try String(
            contentsOfFile: DashboardFixture.repositoryRoot + "/Public/preview.css", encoding: .utf8)
        #expect(css.contains(#"url(""# + EmojiFont.path + #"")"#))
        #expect(css.contains(#".r-emoji { font-family: "Pushboard Emoji""#))
    }
}
