import EmbeddedResources
import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// The program carries `templates/`, `Public/` and `api/` inside it: the copy must be exactly the
/// files in the repository, the dashboard must serve it with no folder at all, and `--resources`
/// must serve (and reload) a folder instead.
@Suite struct EmbeddedResourcesTests {
    @Test func theEmbeddedCopyIsExactlyTheRepositoryFiles() throws {
        let onDisk = try ResourceSnapshot.files(in: DashboardFixture.repositoryRoot)
        #expect(EmbeddedFiles.all.keys.sorted() == onDisk.keys.sorted())
        for (path, bytes) in onDisk {
            #expect(EmbeddedFiles.all[path] == bytes, "\(path) differs from the embedded copy")
        }
        #expect(onDisk["templates/layout.html"] != nil)
        #expect(onDisk["api/openapi.json"] != nil)
        #expect(onDisk.keys.contains { $0.hasPrefix("Public/") })
    }

    @Test func theDashboardServesTheEmbeddedCopyWithoutAnyFolder() throws {
        let data = NSTemporaryDirectory() + "pushboard-embedded-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: data) }
        let dashboard = try Dashboard(configuration: DashboardConfiguration(dataDirectory: data))
        let openAPI = dashboard.respond(to: Request(method: .get, target: "/api/v1/openapi.json"))
        #expect(openAPI.status == .ok)
        #expect(openAPI.body == EmbeddedFiles.all["api/openapi.json"])
        for path in EmbeddedFiles.all.keys where path.hasPrefix("Public/") {
            let target = "/static/" + path.dropFirst("Public/".count)
            let response = dashboard.respond(to: Request(method: .get, target: target))
            #expect(response.status == .ok, "\(target)")
            #expect(response.body == EmbeddedFiles.all[path], "\(target)")
        }
        let page = dashboard.respond(to: Request(method: .get, target: "/"))
        #expect(page.status == .ok)
        #expect(String(decoding: page.body, as: UTF8.self).contains("Pushboard \(BuildInfo.version)"))
    }

    @Test func theHealthCheckNamesTheVersion() throws {
        let fixture = try DashboardFixture()
        let response = fixture.send(.get, "/healthz")
        #expect(response.status == .ok)
        #expect(
            DashboardFixture.text(response) == #"{"status":"ok","version":"\#(BuildInfo.version)"}"#)
        #expect(!BuildInfo.version.isEmpty)
    }

    @Test func aResourcesFolderIsReloadedWhenItChanges() throws {
        let folder = NSTemporaryDirectory() + "pushboard-resources-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in EmbeddedFiles.folders {
            try manager.copyItem(
                atPath: DashboardFixture.repositoryRoot + "/" + name, toPath: folder + "/" + name)
        }
        let dashboard = try Dashboard(
            configuration: DashboardConfiguration(resourceDirectory: folder, dataDirectory: folder + "/data"))
        let css = "/static/pushboard.css"
        #expect(dashboard.respond(to: Request(method: .get, target: css)).status == .ok)
        try Data("body { color: rebeccapurple; }\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/Public/pushboard.css"))
        try Data("p { margin: 0; }\n".utf8).write(to: URL(fileURLWithPath: folder + "/Public/added.css"))
        Thread.sleep(forTimeInterval: 0.6)
        let changed = dashboard.respond(to: Request(method: .get, target: css))
        #expect(String(decoding: changed.body, as: UTF8.self).contains("rebeccapurple"))
        #expect(dashboard.respond(to: Request(method: .get, target: "/static/added.css")).status == .ok)
        // A template that does not compile keeps the previous copy in service.
        try Data("{{#broken}}".utf8).write(to: URL(fileURLWithPath: folder + "/templates/index.html"))
        Thread.sleep(forTimeInterval: 0.6)
        #expect(dashboard.respond(to: Request(method: .get, target: "/")).status == .ok)
    }
}
