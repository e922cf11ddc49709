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

    /// Read once and kept (the file gone afterwards is still served), and a browser that has it
    /// gets a 304 for its ETag instead of the 10 MB again.
    @Test func theFontIsReadOnceAndRevalidatedByItsETag() throws {
        let file = NSTemporaryDirectory() + "pushboard-emoji-" + UUID().uuidString + ".ttf"
        let bytes: [UInt8] = [0, 1, 0, 0, 0, 16, 0, 128]
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let router = try Self.router(serving: file)
        let first = Self.get(router, EmojiFont.path)
        let etag = try #require(first.headers["ETag"])
        try FileManager.default.removeItem(atPath: file)
        #expect(Self.get(router, EmojiFont.path).body == bytes)
        var request = Request(method: .get, target: EmojiFont.path, remoteAddress: "127.0.0.1")
        request.headers.replaceOrAdd(name: "If-None-Match", value: etag)
        let revalidated = router.respond(to: request)
        #expect(revalidated.status == .notModified)
        #expect(revalidated.body.isEmpty)
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
