import Foundation
import HTTPKit
import JSON
import MediaCheck
import NotificationKit
import Testing

@testable import Dashboard

/// `POST /api/v1/media-check` answers for requests that never leave the process (refused
/// before any connection), the image-copy route, and the one rule for "really attached".
@Suite struct MediaRoutesTests {
    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    @Test(arguments: [
        (#"{"url": "http://127.0.0.1:9/a.jpg"}"#, "media.check.not-https"),
        (#"{"url": "https://127.0.0.1:9/a.jpg"}"#, "media.check.address-refused"),
        (#"{"url": "https://[::ffff:127.0.0.1]:9/a.jpg"}"#, "media.check.address-refused"),
        (#"{"url": "https://2130706433:9/a.jpg"}"#, "media.check.address-refused"),
        (#"{"url": "https://169.254.169.254/latest/meta-data/"}"#, "media.check.address-refused"),
        (#"{"url": "a.jpg"}"#, "media.check.invalid-url"),
    ])
    func refusedBeforeConnectingIs422WithTheReport(_ body: String, _ code: String) throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(.post, "/api/v1/media-check", body: body, headers: Self.json)
        #expect(response.status == .unprocessableContent)
        let root = try #require(JSONReader().read(response.body).root)
        #expect(root["passed"]?.value.boolValue == false)
        let codes = root["diagnostics"]?.value.arrayElements?.compactMap { $0["code"]?.value.stringValue }
        #expect(codes == [code])
        #expect(root["status"]?.value == .null)
    }

    @Test(arguments: [
        ("[]", HTTPStatus.unprocessableContent), (#"{"url": 5}"#, .unprocessableContent),
        ("{}", .unprocessableContent),
        (#"{"url": "https://a/", "x": 1}"#, .unprocessableContent), ("{", .badRequest),
    ])
    func malformedBodiesAreClientErrors(_ body: String, _ status: HTTPStatus) throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(.post, "/api/v1/media-check", body: body, headers: Self.json)
        #expect(response.status == status)
        #expect(DashboardFixture.text(response).contains(#""error""#))
    }

    @Test(arguments: ["/media/" + String(repeating: "a", count: 64), "/media/xyz", "/media/../etc/passwd"])
    func unknownCopiesAre404(_ path: String) throws {
        let response = try DashboardFixture().send(.get, path)
        #expect(response.status == .notFound)
    }

    @Test func aCopyIsServedWithAFixedTypeNosniffAndASandbox() throws {
        let images = ImageCache(capacity: 1 << 20)
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0]
        let digest = try #require(images.store(png, as: .png))
        var builder = DashboardRoutes()
        MediaCopies(images: images).register(in: &builder)
        let router = try builder.build { error, _ in APIError.response(error) }.router
        var response = router.respond(
            to: Request(method: .get, target: MediaCopies.path(for: digest), remoteAddress: "127.0.0.1"))
        SecurityHeaders.apply(to: &response)
        #expect(response.status == .ok)
        #expect(response.body == png)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Content-Security-Policy"] == "sandbox; default-src 'none'")
    }

    /// The page policy still replaces any other policy a handler sets.
    @Test func pagesKeepThePagePolicy() throws {
        var response = Response(html: "<p>")
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: "default-src *")
        SecurityHeaders.apply(to: &response)
        #expect(response.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy)
        #expect(SecurityHeaders.contentSecurityPolicy.contains("img-src 'self'"))
    }
}

/// "Really attached" is https, `mutable-content: 1` and a passed check; anything else shows no
/// media at all, as on the device.
@Suite struct ComposerMediaTests {
    static func report(passed: Bool, url: String) -> MediaReport {
        var report = MediaReport(url: url)
        report.sniffedType = .jpeg
        report.image = ImageFacts(width: 80, height: 40)
        report.imageDigest = String(repeating: "0", count: 64)
        if !passed {
            report.diagnostics = [
                Diagnostic(MediaCheckCode.status, path: "$.url", message: "404")
            ]
        }
        return report
    }

    @Test(arguments: [
        (true, true, "https://a.example/x.jpg", true), (false, true, "https://a.example/x.jpg", false),
        (true, false, "https://a.example/x.jpg", false), (true, true, "http://a.example/x.jpg", false),
    ])
    func attachedOnlyWhenHTTPSMutableAndPassed(
        _ passed: Bool, _ mutable: Bool, _ url: String, _ attached: Bool
    ) {
        let media = ComposerMedia(
            url: url, mutableContent: mutable, report: Self.report(passed: passed, url: url))
        #expect(media.attached == attached)
        #expect(media.previewMedia == (attached ? .image(aspectRatio: 2) : .none))
        #expect((media.imagePath != nil) == attached)
    }

    @Test func uncheckedMediaShowsNothingAndSaysSo() {
        let media = ComposerMedia(url: "https://a.example/x.jpg", mutableContent: true, report: nil)
        #expect(media.previewMedia == .none)
        guard case .object(let value) = media.templateValue, case .string(let status)? = value["status"]
        else {
            Issue.record("no status")
            return
        }
        #expect(status.hasPrefix("Not checked yet"))
    }

    /// A host this server cannot reach says nothing about the device (issue 25): the previews
    /// draw an image where the device would, labelled, and the status does not predict a refusal.
    @Test(arguments: [MediaCheckCode.dns, .connect, .timeout])
    func anUnreachableHostIsDrawnAsTheDeviceWouldFetchIt(_ code: MediaCheckCode) {
        var report = MediaReport(url: "https://a.example/x.jpg")
        report.diagnostics = [Diagnostic(code, path: "$.url", message: "no answer")]
        #expect(report.unreachable)
        let media = ComposerMedia(url: report.url, mutableContent: true, report: report)
        #expect(media.unfetched && !media.attached)
        #expect(media.previewMedia == .image(aspectRatio: nil))
        #expect(media.imagePath == nil)
        guard case .object(let value) = media.templateValue, case .string(let status)? = value["status"]
        else {
            Issue.record("no status")
            return
        }
        #expect(status.hasPrefix("Could not check from this server"))
        #expect(!ComposerMedia(url: report.url, mutableContent: false, report: report).unfetched)
    }

    /// Any other error is what iOS meets too: nothing is drawn.
    @Test func aReachableHostThatFailsIsNotUnfetched() {
        var report = Self.report(passed: false, url: "https://a.example/x.jpg")
        report.diagnostics.append(Diagnostic(MediaCheckCode.connect, path: "$.url", message: "x"))
        #expect(!report.unreachable)
        #expect(ComposerMedia(url: report.url, mutableContent: true, report: report).previewMedia == .none)
    }
}
