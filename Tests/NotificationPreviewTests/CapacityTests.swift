import Testing

@testable import NotificationPreview

/// The model against published character counts (ios-rendering.md §3).
struct CapacityTests {
    /// Plain English prose, each far longer than four lines.
    static let englishTexts = [
        "This program is free software: you can redistribute it and/or modify it under the terms "
            + "of the GNU General Public License as published by the Free Software Foundation, either "
            + "version 3 of the License, or (at your option) any later version.",
        "Your weekly summary is ready. You walked more than last week and reached your step goal on "
            + "five days. Keep it up and see the full report in the app, where you can also set a new "
            + "goal for the coming week.",
        "The train to Brighton is running about fifteen minutes late because of a signal problem "
            + "near Haywards Heath. We are sorry for the delay and will let you know as soon as we have "
            + "more information about your journey.",
        "Good news: the jacket you saved is back in stock in your size. Only a few are left, so "
            + "order soon if you still want it. Delivery is free this weekend for all members who "
            + "order before Sunday evening.",
    ]

    @Test("A 4-line lock-screen body on iphone-428 shows 170–186 characters", arguments: englishTexts)
    func lockScreenCapacity(text: String) {
        let content = PreviewContent(title: .plain("News"), body: .plain(text))
        let result = PreviewEngine.preview(
            content, device: .iphone428, surfaces: [.lockScreen], hiddenPreviews: false)
        let body = result.surfaces[0].body
        #expect(body.lines.count == 4)
        #expect(body.truncated)
        let shown = body.truncation?.characters ?? 0
        #expect((170...186).contains(shown), "showed \(shown) characters: \(body.lines)")
    }
}
