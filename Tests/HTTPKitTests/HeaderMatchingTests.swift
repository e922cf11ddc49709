import Testing

@testable import HTTPKit

/// Header names compared case-insensitively on their bytes (small and large strings alike), the
/// one-pass replacement, and the capture-free route match.
@Suite struct HeaderMatchingTests {
    @Test(arguments: [
        ("Host", "host", true), ("content-length", "Content-Length", true),
        ("X-A-Very-Long-Header-Name-Indeed", "x-a-very-long-header-name-indeed", true),
        ("Host", "Hosts", false), ("Accept", "Accept-Language", false), ("abc", "abd", false),
        ("é", "É", false), ("", "", true),
    ])
    func namesMatchIgnoringASCIICase(_ left: String, _ right: String, _ same: Bool) {
        #expect(HTTPHeaders.matches(left, right) == same)
        #expect(HTTPHeaders.matches(right, left) == same)
    }

    /// One pass gives what one `replaceOrAdd(name:value:)` per field gives.
    @Test func replacingSeveralAtOnceEqualsReplacingEachInTurn() {
        let start: HTTPHeaders = ["Content-Type": "text/html", "x-frame-options": "DENY", "Vary": "Accept"]
        let fields = [
            HTTPHeaders.Field(name: "X-Frame-Options", value: "SAMEORIGIN"),
            HTTPHeaders.Field(name: "Referrer-Policy", value: "same-origin"),
        ]
        var once = start
        once.replaceOrAdd(fields)
        var each = start
        for field in fields { each.replaceOrAdd(name: field.name, value: field.value) }
        #expect(once == each)
        #expect(once.values(for: "x-frame-options") == ["SAMEORIGIN"])
        #expect(once["vary"] == "Accept")
    }

    @Test(arguments: ["/", "/a", "/a/b", "/a/", "/x/b", "/a/b/c", "/a//b"])
    func matchingWithoutCapturingAgreesWithMatching(_ path: String) throws {
        let components = Request(method: .get, target: path).pathComponents
        for pattern in ["/", "/a", "/a/b", "/{x}/b", "/a/{y}", "/{x}/{y}/c"] {
            let route = try RoutePattern(pattern)
            #expect(route.matches(components) == (route.match(components) != nil), "\(pattern) \(path)")
        }
    }
}
