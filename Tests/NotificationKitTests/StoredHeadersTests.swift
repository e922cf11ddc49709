import NotificationKit
import Testing

/// Stored headers (the JSON object text the store keeps) are read in one place.
@Suite struct StoredHeadersTests {
    @Test func theKnownNamesAreReadTrimmedAndEmptyOnesLeftOut() {
        let headers = APNsHeaders(
            storedJSON: #"{"apns-push-type":"background","apns-priority":" 5\n","apns-topic":"  ","#
                + #""apns-channel-id":"c","x-other":"y","apns-id":7}"#)
        #expect(
            headers.dictionary == [
                "apns-push-type": "background", "apns-priority": "5", "apns-channel-id": "c",
            ])
    }

    @Test(arguments: ["", "{}", "[]", "not json", #"{"apns-priority":null}"#])
    func anythingElseReadsAsNoHeaders(_ text: String) {
        #expect(APNsHeaders(storedJSON: text) == APNsHeaders())
    }
}
