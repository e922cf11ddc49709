import Testing

@testable import MediaCheck

/// The URL reader, redirects resolved against it, and the guard applied before any request.
@Suite struct MediaURLTests {
    @Test(
        arguments: [
            ("https://example.com/a.jpg", "example.com", 443, nil),
            ("HTTPS://Example.COM:8443/a", "example.com", 8443, nil),
            ("http://127.0.0.1:8080/x", "127.0.0.1", 8080, "127.0.0.1"),
            ("https://[::ffff:127.0.0.1]/x", "::ffff:127.0.0.1", 443, "::ffff:7f00:1"),
            ("https://2130706433/", "2130706433", 443, "127.0.0.1"),
            ("https://localhost./", "localhost", 443, nil),
        ] as [(String, String, Int, String?)])
    func readsHostPortAndLiteral(_ text: String, _ host: String, _ port: Int, _ literal: String?) throws {
        let url = try #require(MediaURL(text))
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.literal?.description == literal)
    }

    @Test(arguments: [
        "example.com/a.jpg", "ftp://example.com/a", "https://", "https://user:pw@example.com/",
        "https://evil.com\\@127.0.0.1/", "https://a b/", "https://example.com:0/",
        "https://example.com:99999/",
        "https://[::1/", "https://[zz]/", "https://:443/", "javascript:alert(1)",
    ])
    func refusesWhatIsNotAPlainURL(_ text: String) {
        #expect(MediaURL(text) == nil)
    }

    @Test func redirectsResolveAgainstTheCurrentURL() throws {
        let url = try #require(MediaURL("https://cdn.example.com/img/a.jpg?x=1"))
        #expect(url.following("/b.png")?.text == "https://cdn.example.com/b.png")
        #expect(url.following("c.png")?.text == "https://cdn.example.com/img/c.png")
        #expect(url.following("https://169.254.169.254/latest")?.host == "169.254.169.254")
    }

    /// The guard runs before a connection for the first URL and every redirect: a literal
    /// refused address never reaches a resolver or a socket.
    @Test(arguments: [
        "https://127.0.0.1/a.jpg", "https://[::1]/a.jpg", "https://[::ffff:127.0.0.1]/a.jpg",
        "https://0177.0.0.1/",
        "https://2130706433/", "https://10.0.0.1/", "https://169.254.169.254/latest/meta-data/",
        "https://[fe80::1]/", "https://0.0.0.0/", "https://[64:ff9b::7f00:1]/",
    ])
    func vettingRefusesNonPublicLiterals(_ text: String) throws {
        let checker = MediaChecker()
        var report = MediaReport(url: text)
        #expect(checker.vet(try #require(MediaURL(text)), into: &report) == nil)
        #expect(report.diagnostics.map(\.code) == ["media.check.address-refused"])
    }

    @Test func testingModeStillRefusesMetadataAndUnspecified() throws {
        var configuration = MediaCheckConfiguration()
        configuration.allowsPrivateAddresses = true
        let checker = MediaChecker(configuration: configuration)
        for text in ["https://169.254.169.254/", "https://0.0.0.0/", "https://[ff02::1]/"] {
            var report = MediaReport(url: text)
            #expect(checker.vet(try #require(MediaURL(text)), into: &report) == nil, "\(text)")
        }
        var report = MediaReport(url: "https://127.0.0.1/")
        #expect(checker.vet(try #require(MediaURL("https://127.0.0.1/")), into: &report) == .v4(0x7F00_0001))
    }

    @Test(arguments: ["http://127.0.0.1:9/a.jpg", "not a url", "https://user@127.0.0.1/"])
    func refusalsBeforeAnyRequestAreErrors(_ text: String) {
        let report = MediaChecker().run(text)
        #expect(!report.passed)
        #expect(report.status == nil)
        #expect(report.address == nil)
    }
}

/// The terminal form of a report never carries a control character from a typed URL.
@Suite struct ReportTextTests {
    @Test func controlCharactersAreShownNotSent() {
        let report = MediaChecker().run("https://a\u{1B}[2J.example/\u{9B}x")
        #expect(!report.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        #expect(report.text.contains("\\u{1B}[2J"))
        #expect(report.diagnostics.map(\.code) == ["media.check.invalid-url"])
    }
}

/// Name lookups go through the system resolver with a time limit; `localhost` is answered from
/// the hosts file, so this test sends no packet.
@Suite struct HostResolverTests {
    @Test func localhostResolvesToLoopbackAndIsRefused() throws {
        guard case .resolved(let addresses) = HostResolver().lookUp("localhost", within: 3000) else {
            Issue.record("localhost did not resolve")
            return
        }
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { AddressGuard.classify($0) == .loopback })
        var report = MediaReport(url: "https://localhost/")
        #expect(MediaChecker().vet(try #require(MediaURL("https://localhost/")), into: &report) == nil)
        #expect(report.diagnostics.map(\.code) == ["media.check.address-refused"])
    }
}
