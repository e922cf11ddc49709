import Foundation
import Testing

@testable import HTTPKit

@Suite struct StaticFilesTests {
    /// A copy of `Fixtures/Public` in a fresh directory, with a secret file beside it and symlinks
    /// that point inside (allowed) and outside (must never be served).
    final class Sandbox {
        let root: String
        let publicDirectory: String

        init() throws {
            root = NSTemporaryDirectory() + "pushboard-static-\(UUID().uuidString)"
            publicDirectory = root + "/Public"
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Public").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: fixtures, toPath: publicDirectory)
            try "top secret\n".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: publicDirectory + "/leak.txt", withDestinationPath: root + "/secret.txt")
            try FileManager.default.createSymbolicLink(
                atPath: publicDirectory + "/up", withDestinationPath: root)
            try FileManager.default.createSymbolicLink(
                atPath: publicDirectory + "/same.css", withDestinationPath: "css/app.css")
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    static func get(_ files: StaticFiles, _ target: String, headers: HTTPHeaders = [:]) -> Result<
        Response, HTTPError
    > {
        Result { () throws(HTTPError) in
            try files.serve(Request(method: .get, target: target, headers: headers))
        }
    }

    @Test(arguments: [
        ("/static/css/app.css", "text/css; charset=utf-8", "body { margin: 0; }\n"),
        ("/static/app.js", "text/javascript; charset=utf-8", "console.log(\"pushboard\");\n"),
        ("/static/img/logo.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
        ("/static/notes.bin", "application/octet-stream", "plain text, no extension rule\n"),
        ("/static/a%20b.txt", "text/plain; charset=utf-8", "Nová zpráva\n"),
        ("/static/same.css", "text/css; charset=utf-8", "body { margin: 0; }\n"),
    ])
    func servesFilesWithTypeFromTheTable(target: String, contentType: String, body: String) throws {
        let sandbox = try Sandbox()
        let files = try StaticFiles(directory: sandbox.publicDirectory)
        let response = try Self.get(files, target).get()
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == contentType)
        #expect(response.headers["Cache-Control"] == "public, max-age=300")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    @Test func etagGives304AndChangesWithContent() throws {
        let sandbox = try Sandbox()
        let files = try StaticFiles(directory: sandbox.publicDirectory)
        let first = try Self.get(files, "/static/css/app.css").get()
        let etag = try #require(first.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        for condition in [etag, "\"other\", \(etag)", "W/\(etag)", "*"] {
            let cached = try Self.get(files, "/static/css/app.css", headers: ["If-None-Match": condition])
                .get()
            #expect(cached.status == .notModified)
            #expect(cached.body.isEmpty)
            #expect(cached.headers["ETag"] == etag)
        }
        let stale = try Self.get(files, "/static/css/app.css", headers: ["If-None-Match": "\"stale\""]).get()
        #expect(stale.status == .ok)
        #expect(try Self.get(files, "/static/app.js").get().headers["ETag"] != etag)
    }

    @Test(arguments: [
        ("/static/../Package.swift", 400),
        ("/static/..%2f..%2fPackage.swift", 400),
        ("/static/%2e%2e%2f%2e%2e%2fPackage.swift", 400),
        ("/static/%2E%2E/secret.txt", 400),
        ("/static/css/../../secret.txt", 400),
        ("/static/css/%2e%2e/app.js", 400),
        ("/static/%252e%252e%252fsecret.txt", 404),
        ("/static/..%255csecret.txt", 404),
        ("/static/..\\secret.txt", 400),
        ("/static/..%5csecret.txt", 400),
        ("/static/css%5capp.css", 400),
        ("/static/app.js%00.css", 400),
        ("/static/./app.js", 400),
        ("/static//app.js", 400),
        ("/static/%FF", 400),
        ("/static/%", 400),
        ("/static/leak.txt", 404),
        ("/static/up/secret.txt", 404),
        ("/static/.hidden", 404),
        ("/static/", 404),
        ("/static/missing.css", 404),
        ("/elsewhere/app.js", 404),
    ])
    func neverEscapesPublic(target: String, status: Int) throws {
        let sandbox = try Sandbox()
        let files = try StaticFiles(directory: sandbox.publicDirectory)
        switch Self.get(files, target) {
        case .success(let response):
            Issue.record("\(target) was served: \(response.status)")
        case .failure(let error):
            #expect(error.status.code == status)
        }
        #expect(
            !files.loadedPaths.contains { $0.contains("secret") || $0.contains("leak") || $0.hasPrefix(".") })
    }

    @Test func missingDirectoryFailsAtStart() {
        #expect(throws: (any Error).self) { try StaticFiles(directory: "/nonexistent/pushboard/Public") }
    }
}
