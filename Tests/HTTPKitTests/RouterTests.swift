import Testing

@testable import HTTPKit

@Suite struct RouterTests {
    /// A router with the shapes the dashboard uses, rendering errors as the API does.
    static func makeRouter() throws -> Router {
        var builder = RouterBuilder()
        builder.get("/") { _, _ in Response(text: "home") }
        builder.get("/healthz") { _, _ in Response(json: #"{"status":"ok"}"#) }
        builder.get("/api/v1/notifications/{id}") { _, parameters in
            Response(text: "get \(try parameters.require("id"))")
        }
        builder.delete("/api/v1/notifications/{id}") { _, parameters in
            Response(text: "delete \(parameters["id"] ?? "?")")
        }
        builder.get("/api/v1/notifications/new") { _, _ in Response(text: "new form") }
        builder.get("/items/{group}/{item}") { _, parameters in
            Response(text: "\(parameters["group"] ?? "")|\(parameters["item"] ?? "")")
        }
        builder.get("/fail/http") { _, _ in
            throw HTTPError(.conflict, message: "Already there.")
        }
        builder.get("/fail/form") { request, _ in
            _ = try request.formFields()
            return Response(text: "unreachable")
        }
        builder.get("/fail/bug") { _, _ in
            struct Bug: Error {}
            throw Bug()
        }
        builder.mount("/static/") { request in Response(text: "static \(request.path)") }
        return try builder.build { error, _ in
            Response(
                json: #"{"error":{"code":"\#(error.code.identifier)","message":"\#(error.message)"}}"#,
                status: error.status
            )
        }
    }

    static func text(_ response: Response) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test(arguments: [
        ("/", "home"),
        ("/api/v1/notifications/42", "get 42"),
        ("/api/v1/notifications/new", "new form"),
        ("/api/v1/notifications/a%20b", "get a b"),
        ("/api/v1/notifications/a%2Fb", "get a/b"),
        ("/items/x/y", "x|y"),
        ("/static/css/app.css", "static /static/css/app.css"),
    ])
    func routesGetToTheirHandlerWithDecodedParameters(path: String, expected: String) throws {
        let response = try Self.makeRouter().respond(to: Request(method: .get, target: path))
        #expect(response.status == .ok)
        #expect(Self.text(response) == expected)
    }

    @Test func deleteReachesTheParameterRoute() throws {
        let response = try Self.makeRouter().respond(
            to: Request(method: .delete, target: "/api/v1/notifications/7"))
        #expect(Self.text(response) == "delete 7")
    }

    @Test(arguments: [
        "/nothing", "/healthz/", "/api/v1/notifications", "/items/x", "/items//y", "/items/x/y/z",
    ])
    func unknownPathsAre404(path: String) throws {
        let response = try Self.makeRouter().respond(to: Request(method: .get, target: path))
        #expect(response.status == .notFound)
        #expect(Self.text(response).contains(#""code":"not-found""#))
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let router = try Self.makeRouter()
        let response = router.respond(to: Request(method: .post, target: "/api/v1/notifications/7"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["allow"] == "DELETE, GET, HEAD")
        let mounted = router.respond(to: Request(method: .put, target: "/static/x.css"))
        #expect(mounted.status == .methodNotAllowed)
        #expect(mounted.headers["Allow"] == "GET, HEAD")
    }

    @Test func headIsAnsweredByTheGetRoute() throws {
        let response = try Self.makeRouter().respond(to: Request(method: .head, target: "/healthz"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(Self.text(response) == #"{"status":"ok"}"#)
    }

    @Test func thrownHTTPErrorIsRenderedWithItsStatusAndCode() throws {
        let response = try Self.makeRouter().respond(to: Request(method: .get, target: "/fail/http"))
        #expect(response.status == .conflict)
        #expect(Self.text(response) == #"{"error":{"code":"conflict","message":"Already there."}}"#)
    }

    @Test func formErrorsThatPropagateAre400() throws {
        let request = Request(method: .get, target: "/fail/form", body: Array("name=%FF".utf8))
        let response = try Self.makeRouter().respond(to: request)
        #expect(response.status == .badRequest)
        #expect(Self.text(response).contains("form.invalid-encoding"))
        #expect(Self.text(response).contains("\\\"name\\\"") || Self.text(response).contains(#""name""#))
    }

    @Test func unexpectedErrorsAre500WithoutDetails() throws {
        let response = try Self.makeRouter().respond(to: Request(method: .get, target: "/fail/bug"))
        #expect(response.status == .internalServerError)
        #expect(!Self.text(response).contains("Bug"))
    }

    @Test(arguments: ["/a%ZZ", "/%FF", "/a%00b", "*", "http://example.com/", "/?q=%FF"])
    func faultyTargetsAre400BeforeAnyHandler(target: String) throws {
        let response = try Self.makeRouter().respond(to: Request(method: .get, target: target))
        #expect(response.status == .badRequest)
    }

    @Test func defaultRendererIsPlainText() throws {
        let router = try RouterBuilder().build()
        let response = router.respond(to: Request(method: .get, target: "/x"))
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test(arguments: [
        ["/a", "/a"], ["/a/{x}", "/a/{y}"], ["no-slash"], ["/a/{x}/{x}"], ["/a/b{x}"], ["/a?b"], ["/a/{x-y}"],
    ])
    func buildRejectsBadRouteTables(patterns: [String]) {
        var builder = RouterBuilder()
        for pattern in patterns {
            builder.get(pattern) { _, _ in Response() }
        }
        #expect(throws: RouterBuildError.self) { try builder.build() }
    }

    @Test func finisherSeesEveryResponseErrorsIncluded() throws {
        var builder = RouterBuilder()
        builder.get("/ok") { _, _ in Response(text: "ok") }
        let router = try builder.build(finishingWith: { response, _ in
            response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        })
        let answers = [
            router.respond(to: Request(method: .get, target: "/ok")),
            router.respond(to: Request(method: .get, target: "/missing")),
            router.respond(to: Request(method: .post, target: "/ok")),
            router.respond(to: HTTPError(.requestTooLarge), for: Request(method: .post, target: "/ok")),
        ]
        #expect(answers.map(\.status.code) == [200, 404, 405, 413])
        #expect(answers.allSatisfy { $0.headers["x-content-type-options"] == "nosniff" })
    }

    @Test func buildRejectsBadMountPrefix() {
        var builder = RouterBuilder()
        builder.mount("/static") { _ in Response() }
        #expect(throws: RouterBuildError.self) { try builder.build() }
    }
}
