import Testing

@testable import NotificationPreview

/// Text pictures checked against committed goldens; each golden was checked by eye once.
struct GoldenTests {
    /// Device × image combinations of the language goldens.
    static let languageCases: [(language: Int, device: DeviceID, image: Bool)] =
        SampleTexts.languages.indices.flatMap { language in
            [DeviceID.iphone320, .iphone393, .iphone440].flatMap { device in
                [false, true].map { (language, device, $0) }
            }
        }

    @Test("English, Czech and Vietnamese on every surface", arguments: languageCases)
    func languages(_ sample: (language: Int, device: DeviceID, image: Bool)) {
        let language = SampleTexts.languages[sample.language]
        let content = PreviewContent(
            title: .plain(language.title), body: .plain(language.body), appName: "Pushboard",
            media: sample.image ? .image(aspectRatio: 2) : .none)
        let result = PreviewEngine.preview(
            content, device: sample.device, surfaces: [], hiddenPreviews: false)
        let name = "\(language.name)-\(sample.device.rawValue)\(sample.image ? "-image" : "")"
        GoldenPicture.check(result.textPicture(), named: name)
    }

    @Test func emojiSequencesAtTheCut() {
        let body =
            "Family trip is booked! We leave Friday morning and the whole crew is coming along: "
            + "👨‍👩‍👧‍👦 plus grandma 👵🏽 and the dog. First stop Prague 🇨🇿 then Hanoi 🇻🇳🇨🇿🏳️‍🌈 1️⃣ 👩🏽‍💻🧑‍🚀 "
            + "and more photos when we land."
        let content = PreviewContent(title: .plain("Trip planner"), body: .plain(body), appName: "Trips")
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.banner, .lockScreen], hiddenPreviews: false)
        GoldenPicture.check(result.textPicture(), named: "emoji-at-cut")
    }

    @Test func titleCutByTimestamp() {
        let content = PreviewContent(
            title: .plain("Flash sale: 40 % off every winter jacket until midnight tonight"),
            subtitle: .plain("Only in the app"), body: .plain("Tap to see the deals."), appName: "Shop",
            timestamp: "Yesterday, 8:37 AM")
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.lockScreen, .expanded], hiddenPreviews: false)
        GoldenPicture.check(result.textPicture(), named: "title-cut-by-timestamp")
    }

    @Test("Hidden previews", arguments: [false, true])
    func hiddenPreviews(showTitle: Bool) {
        var category = SampleTexts.messageCategory()
        category.hiddenPreviewsShowTitle = showTitle
        let content = PreviewContent(
            title: .plain("Anna Nováková"), subtitle: .plain("Rodina"), body: .plain(SampleTexts.czech),
            appName: "Zprávy", media: .image(aspectRatio: 1), category: .registered(category), threadCount: 3)
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.lockScreen, .expanded], hiddenPreviews: true)
        GoldenPicture.check(result.textPicture(), named: "hidden-previews\(showTitle ? "-show-title" : "")")
    }

    @Test(
        "Actions on iPhone, CarPlay and watch",
        arguments: [
            (DeviceID.iphone393, false), (.carplay, false), (.carplay, true), (.watch, false),
        ])
    func actions(device: DeviceID, allowsInCarPlay: Bool) {
        let content = PreviewContent(
            title: .plain("Anna"), body: .plain("Ahoj! Jak se máš? Dnes večer jdeme do kina."),
            appName: "Zprávy",
            category: .registered(SampleTexts.messageCategory(allowsInCarPlay: allowsInCarPlay)))
        let result = PreviewEngine.preview(
            content, device: device, surfaces: [], hiddenPreviews: false)
        let name = "actions-\(device.rawValue)\(allowsInCarPlay ? "-allowInCarPlay" : "")"
        GoldenPicture.check(result.textPicture(), named: name)
    }

    @Test func unregisteredCategoryHasNoButtons() {
        let content = PreviewContent(
            title: .plain("Anna"), body: .plain("Ahoj! Jak se máš?"), appName: "Zprávy",
            category: .unregistered(identifier: "Message"))
        let result = PreviewEngine.preview(content, device: .iphone393, surfaces: [], hiddenPreviews: false)
        #expect(result.surfaces.allSatisfy { $0.actions.isEmpty })
        GoldenPicture.check(result.textPicture(), named: "unregistered-category")
    }

    @Test func expandedBodyScrolls() {
        let body = [SampleTexts.english, SampleTexts.czech, SampleTexts.vietnamese].joined(separator: "\n\n")
        let content = PreviewContent(
            title: .plain("Weekly digest"), subtitle: .plain("Three stories"), body: .plain(body),
            appName: "News", media: .image(aspectRatio: nil),
            category: .registered(SampleTexts.messageCategory()))
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false)
        #expect(result.surfaces.first?.scrolls == true)
        GoldenPicture.check(result.textPicture(), named: "expanded-scrolls")
    }

    @Test func legacyExpandedLongLook() throws {
        let content = PreviewContent(
            title: .plain("Weekly digest"), body: .plain(SampleTexts.czech), appName: "News",
            media: .image(aspectRatio: 2), category: .registered(SampleTexts.messageCategory()))
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false, version: .ios10to14)
        #expect(result.surfaces.first?.header == "NEWS")
        let column = try #require(result.surfaces.first).body.columnWidth
        #expect(abs(column - (393 - 16 - 32)) < 0.001)
        GoldenPicture.check(result.textPicture(), named: "expanded-ios10-14")
    }

    @Test func localizedAlert() {
        let content = PreviewContent(
            title: .localized(key: "GAME_PLAY_REQUEST_TITLE", arguments: []),
            body: .localized(key: "GAME_PLAY_REQUEST_FORMAT", arguments: ["Jenna", "Frank"]), appName: "Games"
        )
        let result = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.lockScreen], hiddenPreviews: false)
        GoldenPicture.check(result.textPicture(), named: "localized-alert")
    }
}
