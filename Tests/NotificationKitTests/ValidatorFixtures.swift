import JSON
import Testing

@testable import NotificationKit

/// One input to the validator: a payload (or envelope line) with headers and a registry.
struct ValidatorInput: Sendable, CustomTestStringConvertible {
    var bytes: [UInt8]
    var headers: [String: String] = [:]
    var categories: [String]?
    var envelope = false
    var strict = false
    /// Stands for an API request: a missing push type is reported.
    var reportsMissingPushType = false
    /// Where the request goes, when the test declares it.
    var target: APNsRequestTarget?
    /// The app's Live Activity types, when the test gives them.
    var activities: ActivityTypeSet?
    /// The activity type an update is for, when the test names it.
    var activityType: String?

    init(
        _ text: String, headers: [String: String] = [:], categories: [String]? = nil, envelope: Bool = false,
        strict: Bool = false
    ) {
        self.init(bytes: Array(text.utf8), headers: headers, categories: categories, envelope: envelope)
        self.strict = strict
    }

    init(bytes: [UInt8], headers: [String: String] = [:], categories: [String]? = nil, envelope: Bool = false)
    {
        self.bytes = bytes
        self.headers = headers
        self.categories = categories
        self.envelope = envelope
    }

    var testDescription: String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        return text + (headers.isEmpty ? "" : " \(headers)")
    }

    /// The report the validator gives for this input.
    var report: ValidationReport {
        var validator = Validator(categoryIdentifiers: categories, strict: strict)
        validator.reportsMissingPushType = reportsMissingPushType
        validator.target = target
        validator.activityTypes = activities
        validator.activityType = activityType
        return envelope
            ? validator.validate(envelope: bytes, headers: headers)
            : validator.validate(payload: bytes, headers: headers)
    }
}

/// A diagnostic code with an input that must produce it and one that must not.
struct ValidatorCase: Sendable, CustomTestStringConvertible {
    var code: String
    var failing: ValidatorInput
    var passing: ValidatorInput

    init(_ code: String, fails failing: ValidatorInput, passes passing: ValidatorInput) {
        self.code = code
        self.failing = failing
        self.passing = passing
    }

    init(_ code: PayloadCode, fails failing: ValidatorInput, passes passing: ValidatorInput) {
        self.init(code.rawValue, fails: failing, passes: passing)
    }

    init(_ code: ActivityCode, fails failing: ValidatorInput, passes passing: ValidatorInput) {
        self.init(code.rawValue, fails: failing, passes: passing)
    }

    var testDescription: String { code }
}

/// Text for size tests, long enough to fill a 4 KB payload.
enum ValidatorText {
    static let czech = String(
        repeating: "Příliš žluťoučký kůň úpěl ďábelské ódy. Když uživatel obdrží oznámení a dlouze stiskne, "
            + "zobrazí se tlačítka definovaná kategorií: Odpovědět, Smazat, Označit jako přečtené. ",
        count: 30)
    static let vietnamese = String(
        repeating:
            "Khi người dùng nhận được thông báo và nhấn giữ lâu, các nút được xác định bởi danh mục sẽ "
            + "xuất hiện. Tiếng Việt có dấu: ệ, ữ, ặ, ỗ, ự, ẫ, ớ. ",
        count: 30)

    /// An alert payload whose UTF-8 text is exactly `size` bytes: whole characters of `text`
    /// fill the body and ASCII dots make up the last few bytes.
    static func payload(_ text: String, bytes size: Int) -> String {
        let head = #"{"aps":{"alert":{"title":"Nová zpráva","body":""#
        let tail = #""}}}"#
        var budget = size - head.utf8.count - tail.utf8.count
        var body = ""
        for character in text {
            let length = character.utf8.count
            if length > budget { break }
            body.append(character)
            budget -= length
        }
        body += String(repeating: ".", count: budget)
        return head + body + tail
    }
}

extension ValidationReport {
    /// The codes of the report's diagnostics, in order.
    var codes: [String] { diagnostics.map(\.code) }

    /// The first diagnostic with `code`.
    func diagnostic(_ code: PayloadCode) -> Diagnostic? {
        diagnostics.first { $0.code == code.rawValue }
    }
}
