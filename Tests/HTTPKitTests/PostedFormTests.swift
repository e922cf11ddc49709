import Testing

@testable import HTTPKit

/// The one percent-encoder and the one posted-form reader the dashboard's pages share.
@Suite struct PostedFormTests {
    @Test(arguments: ["", "plain-Name_1.2~", "a b/c?d&e=f#g", "Řecko 🇨🇿", "%25", "+"])
    func percentEncodingDecodesBackToTheText(_ text: String) throws {
        let encoded = PercentEncoding.encoded(text)
        #expect(encoded.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "+") })
        #expect(try PercentDecoding.string(of: Array(encoded.utf8), plusIsSpace: true).get() == text)
    }

    @Test func percentEncodingKeepsOnlyTheUnreservedBytes() {
        #expect(PercentEncoding.encoded("a b/é~") == "a%20b%2F%C3%A9~")
    }

    @Test func aURLEncodedFormIsReadAndAnotherTypeIsRefused() throws {
        let posted = Request(
            method: .post, target: "/x", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("name=a%20b&_csrf=t".utf8))
        #expect(try posted.urlEncodedForm()["name"] == "a b")
        let json = Request(method: .post, target: "/x", headers: ["Content-Type": "application/json"])
        do {
            _ = try json.urlEncodedForm()
            Issue.record("a JSON body was read as a form")
        } catch {
            #expect(
                error.status == .unsupportedMediaType && error.code.identifier == "unsupported-media-type")
        }
        let broken = Request(method: .post, target: "/x", body: Array("name=%FF".utf8))
        do {
            _ = try broken.urlEncodedForm()
            Issue.record("an undecodable field was read")
        } catch {
            #expect(error.status == .badRequest && error.code.identifier == "form.invalid-encoding")
        }
    }

    @Test func aFieldIsReadFromEitherEncoding() {
        let urlEncoded = Request(
            method: .post, target: "/x", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("_csrf=t1".utf8))
        let multipart = Request(
            method: .post, target: "/x", headers: ["Content-Type": "multipart/form-data; boundary=b"],
            body: Array("--b\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\nt2\r\n--b--\r\n".utf8))
        let json = Request(
            method: .post, target: "/x", headers: ["Content-Type": "application/json"],
            body: Array(#"{"_csrf":"t3"}"#.utf8))
        #expect(urlEncoded.postedField("_csrf") == "t1")
        #expect(multipart.postedField("_csrf") == "t2")
        #expect(json.postedField("_csrf") == nil)
    }
}
