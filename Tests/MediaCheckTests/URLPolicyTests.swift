import JSON
import NotificationKit
import Testing

@testable import MediaCheck

/// One URL reader, one policy: for every http(s) text, the validator's media-URL rule and the
/// media check agree on whether it is a URL (issue 24; user info was accepted by one and refused
/// by the other).
struct URLPolicyTests {
    @Test(arguments: [
        "https://example.com/a.png", "https://user@example.com/a.png", "https://u:p@example.com/a.png",
        "https://example.com:99999/a.png", "https://example.com:0/a.png", "https://example.com:/a.png",
        "https://[::1/a.png", "https://exa mple.com/a.png", "https://example.com\\@evil.com/a.png",
        "https://example.com/a@b.png", "https:///a.png", "https://[::1]:8443/a.png", "HTTPS://EXAMPLE.com/a",
    ])
    func theValidatorAndTheMediaCheckAgree(_ text: String) {
        let payload = Array(
            #"{"aps":{"alert":"x","mutable-content":1},"media-url":\#(JSONWriter.quoted(text))}"#.utf8)
        let report = Validator().validate(payload: payload)
        let validatorReadsIt = !report.diagnostics.contains { $0.code == "media.invalid-url" }
        #expect(validatorReadsIt == (MediaURL(text) != nil), "\(text)")
    }
}
