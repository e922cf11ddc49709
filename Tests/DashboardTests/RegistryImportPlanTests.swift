import NotificationKit
import Testing

@testable import Dashboard

/// An import's dry run says what each changed category changes, and what each added one brings.
@Suite struct RegistryImportPlanTests {
    private static func config(_ text: String) throws -> CategoryConfig {
        try #require(CategoryConfig.read(Array(text.utf8)).config)
    }

    @Test func eachChangeIsNamedAndAddsListTheirButtons() throws {
        let current = try Self.config(
            #"{"categories":[{"identifier":"message","actions":[{"identifier":"reply","title":"Reply"},"#
                + #"{"identifier":"delete","title":"Delete","options":["destructive"]}]},"#
                + #"{"identifier":"old","actions":[]}]}"#)
        let incoming = try Self.config(
            #"{"categories":[{"identifier":"message","actions":[{"identifier":"reply","title":"Odpovědět"},"#
                + #"{"identifier":"delete","title":"Delete","options":["destructive"]}]},"#
                + #"{"identifier":"later","actions":[{"identifier":"snooze","title":"Snooze"}]}]}"#)
        let plan = RegistryImportPlan(current: current, incoming: incoming)
        #expect(plan.added == ["later"] && plan.addedActionTitles == [["Snooze"]])
        #expect(plan.changed == ["message"] && plan.removed == ["old"])
        #expect(
            plan.changeDetails == [[.init(label: "Action reply: title", before: "Reply", after: "Odpovědět")]]
        )
        #expect(plan.summary == "adds later; changes message; removes old")
    }
}
