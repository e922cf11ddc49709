import Foundation
import HTTPKit
import JSON
import Testing

@testable import Dashboard

/// Issue 29: the preview API answers CarPlay as iOS 26.1 draws it, and says when the message
/// lives in the body alone (`carplay.body-only`, `watch.short-look.title-only`).
@Suite struct CarPlayPreviewAPITests {
    static func preview(_ payload: String, device: String) throws -> JSONNode {
        let response = try DashboardFixture().send(
            .post, "/api/v1/preview?device=\(device)", body: payload,
            headers: ["Content-Type": "application/json"])
        #expect(response.status == .ok)
        return try #require(JSONReader().read(response.body).root)
    }

    static func codes(_ root: JSONNode) -> [String] {
        (root["report"]?["diagnostics"]?.value.arrayElements ?? []).compactMap {
            $0["code"]?.value.stringValue
        }
    }

    @Test func aBodyOnlyPushShowsTheAppNameAloneAndIsFlagged() throws {
        let root = try Self.preview(#"{"aps":{"alert":{"body":"Your table is ready"}}}"#, device: "carplay")
        let surface = try #require(root["surfaces"]?.value.arrayElements?.first)
        #expect(surface["height"]?.value.numberValue?.doubleValue == 60)
        #expect(surface["body"]?["lines"]?.value.arrayElements?.isEmpty == true)
        #expect(Self.codes(root).contains("carplay.body-only"))
        #expect(!Self.codes(root).contains("watch.short-look.title-only"))
        let watch = try Self.preview(#"{"aps":{"alert":{"body":"Your table is ready"}}}"#, device: "watch")
        #expect(Self.codes(watch).contains("watch.short-look.title-only"))
        let all = try Self.preview(#"{"aps":{"alert":{"body":"Your table is ready"}}}"#, device: "all")
        #expect(Set(Self.codes(all)).isSuperset(of: ["carplay.body-only", "watch.short-look.title-only"]))
    }

    @Test func aTitledPushIsNotFlagged() throws {
        let root = try Self.preview(#"{"aps":{"alert":{"title":"Ready","body":"Table 12"}}}"#, device: "all")
        #expect(!Self.codes(root).contains("carplay.body-only"))
    }
}
