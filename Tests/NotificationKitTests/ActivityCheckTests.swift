import Testing

@testable import NotificationKit

/// Payloads checked against the Swift-imported `DeliveryAttributes`: what a pipeline sees.
@Suite struct ActivityCheckTests {
    static func report(_ members: String, type: String? = "DeliveryAttributes") -> ValidationReport {
        var validator = Validator()
        validator.activityTypes = ActivityTypeFixtures.registry
        validator.activityType = type
        return validator.validate(
            payload: #"{"aps":{"# + members + "}}",
            headers: [
                "apns-push-type": "liveactivity", "apns-priority": "5",
                "apns-topic": ValidatorCaseTable.liveTopic,
            ])
    }

    @Test func aMatchingUpdateIsClean() {
        let report = Self.report(
            #""event":"update","timestamp":1767225600,"content-state":\#(ValidatorCaseTable.goodState)"#)
        #expect(report.valid)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    }

    @Test func aMismatchingUpdateNamesEveryFault() {
        let state =
            #"{"status":"onTheWay","arrival":1767227400,"driver":{"name":5},"progress":"half","items":["pho"],"note":{}}"#
        let report = Self.report(#""event":"update","timestamp":1767225600,"content-state":\#(state)"#)
        #expect(!report.valid)
        let found = Set(report.diagnostics.map { "\($0.code) \($0.path)" })
        #expect(
            found == [
                "liveactivity.enum.value $.aps.content-state.status",
                "liveactivity.date.unix-time $.aps.content-state.arrival",
                "liveactivity.key.type $.aps.content-state.driver.name",
                "liveactivity.key.type $.aps.content-state.progress",
                "liveactivity.key.missing $.aps.content-state.notes",
                "liveactivity.key.undeclared $.aps.content-state.note",
            ], "\(report.diagnostics)")
    }

    @Test func unixTimeInADateGivesBothReadings() throws {
        let state = #"{"status":"delivered","arrival":1767225600,"progress":1,"items":[],"notes":{}}"#
        let report = Self.report(#""event":"end","timestamp":1767225600,"content-state":\#(state)"#)
        let diagnostic = try #require(report.diagnostics.first { $0.code == "liveactivity.date.unix-time" })
        #expect(
            diagnostic.message.hasPrefix(
                "1 767 225 600 decodes to 2057-01-01; as Unix time it is 2026-01-01."))
        #expect(diagnostic.message.contains("send 788 918 400"))
        #expect(diagnostic.line == 1 && diagnostic.column != nil)
    }

    @Test func aStartIsCheckedAgainstItsAttributesType() {
        let report = Self.report(
            #""event":"start","timestamp":1767225600,"alert":{"title":"Order","body":"Cooking"},"#
                + #""attributes-type":"ScoreAttributes","attributes":{"home":"A","away":"B","kickoff":788918400},"#
                + #""content-state":{"homeScore":0,"awayScore":0,"period":4,"updated":788918400}"#, type: nil)
        #expect(report.codes == ["liveactivity.enum.value"], "\(report.diagnostics)")
        #expect(report.diagnostics.first?.message.contains("(1, 2, 3)") == true)
    }

    @Test func calendarDatesAreUTC() {
        #expect(ActivityStateChecker.calendarDate(0) == "1970-01-01")
        #expect(ActivityStateChecker.calendarDate(951_782_400) == "2000-02-29")
        #expect(ActivityStateChecker.calendarDate(1_767_227_405) == "2026-01-01 00:30:05 UTC")
        #expect(ActivityStateChecker.calendarDate(-1) == "1969-12-31 23:59:59 UTC")
        #expect(ActivityStateChecker.grouped(1_767_225_600) == "1 767 225 600")
        #expect(ActivityStateChecker.grouped(600) == "600")
    }
}
