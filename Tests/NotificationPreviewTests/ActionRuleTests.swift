import Testing

@testable import NotificationPreview

/// Which buttons each platform shows (CONTRACT §6).
struct ActionRuleTests {
    /// Action identifiers for `category` on `device`, on `surface` or the device's surface that
    /// shows actions (expanded, the watch's Long Look, the CarPlay banner).
    func actionIdentifiers(_ category: CategoryResolution, on device: DeviceID, surface: Surface? = nil)
        -> [String]
    {
        let content = PreviewContent(title: .plain("T"), body: .plain("B"), category: category)
        let shown = surface ?? device.surfaces.last { $0.showsActions } ?? .expanded
        let result = PreviewEngine.preview(content, device: device, surfaces: [shown], hiddenPreviews: false)
        return result.surfaces.first?.actions.map(\.identifier) ?? ["no such surface"]
    }

    @Test(
        "Per platform",
        arguments: [
            (DeviceID.iphone393, false, ["reply", "delete", "later"]),
            (.ipad, false, ["reply", "delete", "later"]),
            (.watch, false, ["reply", "delete", "later"]),
            (.carplay, false, []),
            (.carplay, true, ["delete", "later"]),
        ])
    func platforms(device: DeviceID, allowsInCarPlay: Bool, expected: [String]) {
        let category = SampleTexts.messageCategory(allowsInCarPlay: allowsInCarPlay)
        #expect(actionIdentifiers(.registered(category), on: device) == expected)
    }

    @Test func carPlayShowsAtMostTwo() {
        let actions = (1...5).map { PreviewAction(identifier: "a\($0)", title: "A\($0)") }
        let category = PreviewCategory(identifier: "c", actions: actions, allowsInCarPlay: true)
        #expect(actionIdentifiers(.registered(category), on: .carplay) == ["a1", "a2"])
    }

    @Test func upToTenInOrderWhenExpanded() {
        let actions = (1...12).map { PreviewAction(identifier: "a\($0)", title: "A\($0)") }
        let category = PreviewCategory(identifier: "c", actions: actions)
        #expect(actionIdentifiers(.registered(category), on: .iphone393) == (1...10).map { "a\($0)" })
    }

    @Test("None on compact surfaces", arguments: [Surface.banner, .lockScreen, .notificationCenter])
    func noneWhenCompact(surface: Surface) {
        #expect(
            actionIdentifiers(.registered(SampleTexts.messageCategory()), on: .iphone393, surface: surface)
                .isEmpty)
    }

    @Test func noneForAnUnregisteredCategory() {
        #expect(actionIdentifiers(.unregistered(identifier: "Message"), on: .iphone393).isEmpty)
    }

    @Test func buttonsCarryStyleTextInputAuthenticationAndForeground() throws {
        let content = PreviewContent(category: .registered(SampleTexts.messageCategory()))
        let actions = PreviewEngine.preview(
            content, device: .iphone393, surfaces: [.expanded], hiddenPreviews: false
        )
        .surfaces[0].actions
        let reply = try #require(actions.first)
        #expect(
            reply.style == "default" && reply.textInput && reply.foreground && !reply.authenticationRequired)
        #expect(reply.textInputPlaceholder == "Zadejte zprávu..." && reply.textInputButtonTitle == "Odeslat")
        let delete = actions[1]
        #expect(delete.style == "destructive" && !delete.textInput && delete.authenticationRequired)
        #expect(delete.iconName == "trash")
    }
}
