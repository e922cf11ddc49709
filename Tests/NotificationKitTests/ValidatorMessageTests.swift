import Testing

@testable import NotificationKit

/// The findings people read: suggestions, places, severities and `strict`.
@Suite struct ValidatorMessageTests {
    @Test(arguments: [
        ("content_available", "content-available"), ("thread_id", "thread-id"),
        ("mutable_content", "mutable-content"),
        ("threadId", "thread-id"), ("relevance_score", "relevance-score"), ("catgory", "category"),
        ("state-date", "stale-date"), ("target-content-identifier", "target-content-id"), ("Badge", "badge"),
    ])
    func misspelledApsKeysSuggestTheAppleKey(_ wrong: String, _ right: String) throws {
        let report = Validator().validate(payload: #"{"aps":{"alert":"x",""# + wrong + #"":1}}"#)
        let diagnostic = try #require(report.diagnostic(.apsUnknownKey))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message.hasSuffix("did you mean \"\(right)\"?"))
        #expect(diagnostic.path == "$.aps.\(wrong)")
        #expect(report.valid)
    }

    @Test func customKeyInsideApsIsTold() throws {
        let report = Validator().validate(payload: #"{"aps":{"alert":"x","orderId":"A-1"}}"#)
        let diagnostic = try #require(report.diagnostic(.apsUnknownKey))
        #expect(diagnostic.message.contains("put custom data beside \"aps\""))
    }

    @Test(
        arguments: [
            (["new-order-shipped-now", "message"], "newordershippednow", "new-order-shipped-now"),
            (["message"], "mesage", "message"), ([], "message", nil),
        ] as [([String], String, String?)])
    func unregisteredCategoryNamesTheOneMeant(_ known: [String], _ sent: String, _ meant: String?) throws {
        let report = Validator(categoryIdentifiers: known).validate(
            payload: #"{"aps":{"alert":"x","category":""# + sent + #""}}"#)
        let message = try #require(report.diagnostic(.categoryUnregistered)?.message)
        #expect(message.hasSuffix(meant.map { "did you mean \"\($0)\"?" } ?? "without action buttons."))
    }

    @Test func normalizationMismatchNamesTheRegisteredSpelling() throws {
        let validator = Validator(categoryIdentifiers: ["caf\u{E9}"])
        let report = validator.validate(payload: "{\"aps\":{\"alert\":\"x\",\"category\":\"cafe\u{301}\"}}")
        #expect(report.codes == ["category.unregistered"])
        let diagnostic = try #require(report.diagnostic(.categoryUnregistered))
        #expect(diagnostic.message.contains("\"caf\u{E9}\" looks the same"))
        #expect(diagnostic.message.contains("byte for byte"))
    }

    @Test(arguments: ["apns-topic", "apns-collapse-id", "apns-id", "apns-push-type"])
    func unsendableHeaderValueNamesTheHeader(_ name: String) throws {
        let report = Validator().validate(payload: ValidatorCaseTable.ok, headers: [name: "a\r\nX: y"])
        #expect(report.codes == ["header.value.invalid"])
        let diagnostic = try #require(report.diagnostic(.headerValueInvalid))
        #expect(diagnostic.path == "header:" + name)
        #expect(diagnostic.message.hasPrefix("The \(name) header contains"))
        #expect(!report.valid)
    }

    @Test func missingTopicNamesTheSuffix() throws {
        let report = Validator().validate(
            payload: ValidatorCaseTable.aps(#""event":"end","timestamp":1"#),
            headers: ["apns-push-type": "liveactivity"])
        #expect(report.codes == ["header.topic.missing"])
        let diagnostic = try #require(report.diagnostic(.headerTopicMissing))
        #expect(diagnostic.message.contains("<bundle ID>.push-type.liveactivity"))
        #expect(diagnostic.path == "header:apns-topic")
    }

    @Test func caseMismatchNamesTheRegisteredSpelling() throws {
        let validator = Validator(categoryIdentifiers: ["message", "invite"])
        let report = validator.validate(payload: #"{"aps":{"alert":"x","category":"Message"}}"#)
        let diagnostic = try #require(report.diagnostic(.categoryCaseMismatch))
        #expect(
            diagnostic.message
                == "\"Message\" is not registered; \"message\" is (identifiers are case-sensitive).")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.path == "$.aps.category")
        #expect(diagnostic.line == 1 && diagnostic.column == 32)
        #expect(report.valid)
    }

    /// The entry points other modules call: a category config read from CONTRACT §5 JSON and
    /// the model's headers.
    @Test func categoryConfigAndModelHeaders() throws {
        let text =
            #"{"categories":[{"identifier":"message","actions":[{"identifier":"reply","title":"Odpovědět"}]}]}"#
        let config = try #require(CategoryConfig.read(Array(text.utf8)).config)
        let validator = Validator(categories: config, strict: true)
        let headers = APNsHeaders(
            pushType: "alert", priority: "10", topic: "com.example.app", collapseID: "chat-1")
        let registered = validator.validate(
            payload: Array(#"{"aps":{"alert":"x","category":"message"}}"#.utf8), headers: headers)
        #expect(registered.valid && registered.diagnostics.isEmpty)
        let mismatch = validator.validate(
            payload: Array(#"{"aps":{"alert":"x","category":"Message"}}"#.utf8), headers: headers)
        #expect(mismatch.codes == ["category.case-mismatch"])
        #expect(mismatch.diagnostics.first?.severity == .error)
        let unchecked = Validator(categories: nil).validate(
            payload: Array(#"{"aps":{"alert":"x","category":"message"}}"#.utf8), headers: APNsHeaders())
        #expect(unchecked.codes == ["category.unchecked"])
    }

    @Test func badgeStringPointsAtTheValue() throws {
        let report = Validator().validate(
            payload: "{\n  \"aps\": {\n    \"alert\": \"x\",\n    \"badge\": \"5\"\n  }\n}")
        let diagnostic = try #require(report.diagnostic(.apsBadgeType))
        #expect(diagnostic.line == 4 && diagnostic.column == 14)
        #expect(diagnostic.message.contains("write 5 without quotes"))
        #expect(diagnostic.path == "$.aps.badge")
    }

    @Test func liveActivityRelevanceScoreMayExceedOne() {
        let payload =
            #"{"aps":{"event":"update","timestamp":1700000000,"relevance-score":75,"content-state":{}}}"#
        let headers = [
            "apns-push-type": "liveactivity", "apns-topic": "com.example.app.push-type.liveactivity",
        ]
        #expect(Validator().validate(payload: payload, headers: headers).valid)
    }

    @Test func strictTurnsWarningsIntoErrors() {
        let payload = #"{"aps":{"alert":"x","thread_id":"t","category":"Message"}}"#
        let lenient = Validator(categoryIdentifiers: ["message"]).validate(payload: payload)
        #expect(lenient.valid)
        #expect(lenient.diagnostics.allSatisfy { $0.severity == .warning })
        let strict = Validator(categoryIdentifiers: ["message"], strict: true).validate(payload: payload)
        #expect(!strict.valid)
        #expect(strict.diagnostics.map(\.severity) == [.error, .error])
        #expect(
            Validator(strict: true).validate(payload: payload).diagnostic(.categoryUnchecked)?.severity
                == .info)
    }

    @Test func diagnosticsAreSortedErrorsFirstThenByPlace() {
        let payload = #"{"aps":{"alert":"x","thread_id":"t","badge":-1,"sound":5}}"#
        let report = Validator().validate(payload: payload, headers: ["apns-priority": "3"])
        #expect(
            report.codes == ["aps.badge.range", "aps.sound.type", "header.priority.value", "aps.unknown-key"])
    }

    @Test func backgroundPushWithAlertIsAnError() {
        let report = Validator().validate(
            payload: #"{"aps":{"content-available":1,"alert":{"title":"Ahoj"}}}"#,
            headers: ["apns-push-type": "background"])
        #expect(!report.valid)
        #expect(report.codes.contains("background.has-alert"))
        #expect(
            report.diagnostic(.backgroundPriority)?.message.contains("no apns-priority (which means 10)")
                == true)
    }

    @Test func topicSuffixesPerPushType() {
        func codes(_ pushType: String, _ topic: String) -> [String] {
            Validator().validate(
                payload: #"{"aps":{"alert":"x"}}"#,
                headers: ["apns-push-type": pushType, "apns-topic": topic]
            )
            .codes.filter { $0.hasPrefix("header.topic") }
        }
        #expect(codes("alert", "com.example.app").isEmpty)
        // A bundle ID may end in another type's suffix (policy): a warning, not an error.
        #expect(codes("alert", "com.example.app.voip") == ["header.topic.other-suffix"])
        #expect(codes("background", "com.example.watch.complication") == ["header.topic.other-suffix"])
        #expect(codes("pushtotalk", "com.example.app.voip-ptt").isEmpty)
        #expect(codes("pushtotalk", "com.example.app.voip") == ["header.topic.suffix"])
        #expect(codes("complication", "com.example.app.complication").isEmpty)
        #expect(codes("fileprovider", "com.example.app.pushkit.fileprovider").isEmpty)
        #expect(codes("location", "com.example.app.location-query").isEmpty)
        #expect(codes("widgets", "com.example.app.push-type.widgets").isEmpty)
        #expect(codes("controls", "com.example.app.push-type.controls").isEmpty)
        #expect(codes("liveactivity", ".push-type.liveactivity") == ["header.topic.suffix"])
        #expect(codes("mdm", "com.apple.mgmt.External.1234").isEmpty)
    }

    @Test(arguments: [
        "123e4567e89b12d3a4564266554400a0", "{123e4567-e89b-12d3-a456-4266554400a0}", "urn:uuid:x", "",
    ])
    func apnsIDMustBeCanonical(_ apnsID: String) {
        #expect(!Validator().validate(payload: ValidatorCaseTable.ok, headers: ["apns-id": apnsID]).valid)
    }

    @Test(arguments: ["-1", "+5", "1e9", " 15", ""])
    func expirationMustBeDigits(_ expiration: String) {
        let report = Validator().validate(
            payload: ValidatorCaseTable.ok, headers: ["apns-expiration": expiration])
        #expect(report.codes == ["header.expiration.format"])
    }
}
