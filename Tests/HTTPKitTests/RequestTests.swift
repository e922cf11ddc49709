import Testing

@testable import HTTPKit

@Suite struct RequestTests {
    @Test(arguments: [
        ("/", [String]()),
        ("/a", ["a"]),
        ("/a/", ["a", ""]),
        ("/a//b", ["a", "", "b"]),
        ("/%2e%2e/x", ["..", "x"]),
        ("/%252e", ["%2e"]),
        ("/a+b", ["a+b"]),
        ("/caf%C3%A9?x=1", ["café"]),
    ])
    func pathIsSplitThenDecodedOnce(target: String, components: [String]) {
        let request = Request(method: .get, target: target)
        #expect(request.targetError == nil)
        #expect(request.pathComponents == components)
    }

    @Test func queryAndRawPartsAreKept() {
        let request = Request(method: .get, target: "/p%20q?device=iphone-393&hidden=true&x=a+b")
        #expect(request.path == "/p%20q")
        #expect(request.rawQuery == "device=iphone-393&hidden=true&x=a+b")
        #expect(request.queryItems["device"] == "iphone-393")
        #expect(request.queryItems["x"] == "a b")
    }

    @Test func queryErrorNamesTheField() {
        let request = Request(method: .get, target: "/x?device=%FF")
        #expect(request.targetError?.status == .badRequest)
        #expect(request.targetError?.code == .requestQuery)
        #expect(request.targetError?.message.contains("\"device\"") == true)
    }

    @Test func mediaTypeDropsParameters() {
        let request = Request(
            method: .post,
            target: "/",
            headers: ["content-type": "Application/X-WWW-Form-URLEncoded ; charset=UTF-8"]
        )
        #expect(request.mediaType == "application/x-www-form-urlencoded")
    }

    @Test func headersAreCaseInsensitiveOrderedAndRepeatable() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "Content-Type": "text/plain"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.map(\.name) == ["Set-Cookie", "Content-Type", "set-cookie"])
        headers.replaceOrAdd(name: "SET-cookie", value: "c=3")
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        headers.remove(name: "content-type")
        #expect(!headers.contains("Content-Type"))
        #expect(headers.count == 1)
    }

    @Test func statusCarriesItsReasonPhrase() {
        #expect(HTTPStatus.contentTooLarge.description == "413 Content Too Large")
        #expect(HTTPStatus(code: 299).reasonPhrase == "Status 299")
        #expect(HTTPError(.notFound).code.identifier == "not-found")
    }
}
