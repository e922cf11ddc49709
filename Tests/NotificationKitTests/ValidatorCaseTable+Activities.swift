@testable import NotificationKit

/// Live Activity payloads against the app's own types (the `DeliveryAttributes` Swift fixture and
/// the `ScoreAttributes` schema fixture), and the event, date, budget and alert rules.
extension ValidatorCaseTable {
    static let now = 1_767_225_600  // 2026-01-01T00:00:00Z
    /// 2026-01-01T00:30:00Z as Date's default coding (seconds since 2001).
    static let arrival = now + 1800 - 978_307_200
    static let goodState =
        #"{"status":"on-the-way","arrival":\#(arrival),"progress":0.5,"items":["pho"],"notes":{}}"#
    static let goodAttributes =
        #"{"orderNumber":42,"restaurant":"Pho 24","orderID":"123e4567-e89b-12d3-a456-4266554400a0","total":9.5}"#

    /// A Live Activity push with `members` in `aps`, checked against the fixtures.
    static func activity(
        _ members: String, _ headers: [String: String] = ["apns-priority": "5"],
        type: String? = "DeliveryAttributes",
        registry: ActivityTypeSet? = ActivityTypeFixtures.registry
    ) -> ValidatorInput {
        var input = typed("liveactivity", aps(members), headers.merging(["apns-topic": liveTopic]) { $1 })
        input.activities = registry
        input.activityType = type
        return input
    }

    static func update(state: String, _ extra: String = "") -> ValidatorInput {
        activity(#""event":"update","timestamp":\#(now),"content-state":"# + state + extra)
    }

    static func start(_ members: String) -> ValidatorInput {
        activity(
            #""event":"start","timestamp":\#(now),"alert":{"title":"Order","body":"On its way"},"# + members,
            type: nil)
    }

    static let startGood =
        #""attributes-type":"DeliveryAttributes","attributes":\#(goodAttributes),"content-state":\#(goodState)"#

    static let activities: [ValidatorCase] = [
        ValidatorCase(
            .typesUnchecked, fails: update(state: goodState).withRegistry(nil),
            passes: update(state: goodState)),
        ValidatorCase(
            .typesUnchecked, fails: update(state: goodState).withType(nil), passes: update(state: goodState)),
        ValidatorCase(
            .typeUnknown,
            fails: start(
                #""attributes-type":"DeliveryAttribute","attributes":{},"content-state":\#(goodState)"#),
            passes: start(startGood)),
        ValidatorCase(
            .keyMissing, fails: update(state: #"{"status":"delivered","progress":1,"items":[],"notes":{}}"#),
            passes: update(state: goodState)),
        ValidatorCase(
            .keyMissing,
            fails: start(
                #""attributes-type":"DeliveryAttributes","attributes":{"orderNumber":1},"content-state":\#(goodState)"#
            ),
            passes: start(startGood)),
        ValidatorCase(
            .keyType,
            fails: update(
                state: goodState.replacingOccurrences(of: #""progress":0.5"#, with: #""progress":"half""#)),
            passes: update(state: goodState)),
        ValidatorCase(
            .keyType,
            fails: update(
                state: goodState.replacingOccurrences(of: "\(arrival)", with: #""2026-01-01T00:30:00Z""#)),
            passes: update(state: goodState)),
        ValidatorCase(
            .keyType,
            fails: update(
                state: goodState.replacingOccurrences(of: #""items":["pho"]"#, with: #""items":null"#)),
            passes: update(state: String(goodState.dropLast()) + #","driver":null}"#)),
        ValidatorCase(
            .keyUndeclared, fails: update(state: String(goodState.dropLast()) + #","eta":1}"#),
            passes: update(state: goodState)),
        ValidatorCase(
            .enumValue,
            fails: update(state: goodState.replacingOccurrences(of: "on-the-way", with: "onTheWay")),
            passes: update(state: goodState.replacingOccurrences(of: "on-the-way", with: "delivered"))),
        ValidatorCase(
            .valueInvalid,
            fails: start(
                startGood.replacingOccurrences(of: #""orderNumber":42"#, with: #""orderNumber":4.2"#)),
            passes: start(
                startGood.replacingOccurrences(of: #""orderNumber":42"#, with: #""orderNumber":42.0"#))),
        ValidatorCase(
            .valueInvalid,
            fails: start(startGood.replacingOccurrences(of: "123e4567-e89b", with: "123e4567e89b")),
            passes: start(startGood.replacingOccurrences(of: "123e4567-e89b", with: "123E4567-E89B"))),
        // The issue's case: Unix time in a Date field.
        ValidatorCase(
            .dateUnixTime,
            fails: update(state: goodState.replacingOccurrences(of: "\(arrival)", with: "\(now + 1800)")),
            passes: update(state: goodState)),
        ValidatorCase(
            .contentStateMissing, fails: activity(#""event":"update","timestamp":\#(now)"#),
            passes: activity(#""event":"end","timestamp":\#(now)"#)),
        ValidatorCase(
            .eventKey, fails: update(state: goodState, #","attributes-type":"DeliveryAttributes""#),
            passes: update(state: goodState)),
        ValidatorCase(
            .eventKey, fails: start(startGood + #","dismissal-date":\#(now)"#),
            passes: activity(#""event":"end","timestamp":\#(now),"dismissal-date":\#(now)"#)),
        ValidatorCase(
            .startInput,
            fails: start(startGood + #","input-push-token":1,"input-push-channel":"dHN0LXNyY2gtY2hubA==""#),
            passes: start(startGood + #","input-push-token":1"#)),
        ValidatorCase(
            .startInput, fails: start(startGood + #","input-push-channel":"not a channel""#),
            passes: start(startGood + #","input-push-channel":"dHN0LXNyY2gtY2hubA==""#)),
        ValidatorCase(
            .startVersion, fails: start(startGood + #","input-push-token":1"#), passes: start(startGood)),
        ValidatorCase(
            .dateUnit, fails: activity(#""event":"end","timestamp":\#(now)000"#),
            passes: activity(#""event":"end","timestamp":\#(now)"#)),
        ValidatorCase(
            .staleDatePast, fails: update(state: goodState, #","stale-date":\#(now - 60)"#),
            passes: update(state: goodState, #","stale-date":\#(now + 600)"#)),
        ValidatorCase(
            .dismissalDateLate,
            fails: activity(#""event":"end","timestamp":\#(now),"dismissal-date":\#(now + 4 * 3600 + 1)"#),
            passes: activity(#""event":"end","timestamp":\#(now),"dismissal-date":\#(now + 4 * 3600)"#)),
        ValidatorCase(
            .priorityBudget,
            fails: activity(#""event":"update","timestamp":\#(now),"content-state":\#(goodState)"#, [:]),
            passes: activity(
                #""event":"update","timestamp":\#(now),"content-state":\#(goodState),"alert":{"title":"A","body":"B"}"#,
                [:])),
        ValidatorCase(
            .alertShape, fails: update(state: goodState, #","alert":"Arriving""#),
            passes: update(
                state: goodState, #","alert":{"title":"Arriving","body":"2 min","sound":"default"}"#)),
        ValidatorCase(
            .alertShape,
            fails: update(
                state: goodState, #","alert":{"title":"Arriving","body":"2 min"},"sound":"default""#),
            passes: update(
                state: goodState, #","alert":{"title":"Arriving","body":"2 min","sound":"default"}"#)),
        // The issue's case: a start without attributes-type (kalyke's gap) stays an error.
        ValidatorCase(
            .liveActivityStart,
            fails: start(#""attributes":\#(goodAttributes),"content-state":\#(goodState)"#),
            passes: start(startGood)),
    ]
}

extension ValidatorInput {
    func withRegistry(_ registry: ActivityTypeSet?) -> ValidatorInput {
        var copy = self
        copy.activities = registry
        return copy
    }

    func withType(_ name: String?) -> ValidatorInput {
        var copy = self
        copy.activityType = name
        return copy
    }
}
